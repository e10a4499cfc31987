/** The dialogs of a payment under way: WeChat Pay's QR code, and Alipay's page opened in another tab. */
import { Button, Modal } from 'antd';
import { yuan } from '../../../domain/money.ts';

/** The QR code to scan (a data URL); closing it stops waiting for the payment. */
export function WechatQrDialog(props: { qr: string; amount: number; onCancel: () => void }) {
  return (
    <Modal open={Boolean(props.qr)} title="微信扫码支付" footer={null} onCancel={props.onCancel}>
      <div className="flex flex-col items-center gap-2 py-4">
        <img src={props.qr} alt="微信支付二维码" width={200} height={200} data-testid="wechat-qr" />
        <p>请使用微信扫一扫，支付 ¥{yuan(props.amount)}</p>
        <p className="text-sm text-neutral-400">支付完成后页面将自动跳转</p>
      </div>
    </Modal>
  );
}

/** While the member pays on Alipay's page: 支付成功 asks for the order's status at once. */
export function AlipayDialog(props: { open: boolean; onCancel: () => void; onPaid: () => void }) {
  return (
    <Modal
      open={props.open}
      title="支付宝支付"
      onCancel={props.onCancel}
      footer={[
        <Button key="fail" onClick={props.onCancel}>
          支付失败
        </Button>,
        <Button key="ok" type="primary" onClick={props.onPaid}>
          支付成功
        </Button>,
      ]}
    >
      <p>请在新打开的支付宝页面完成支付，完成后本页将自动更新。</p>
    </Modal>
  );
}
