/**
 * Member area island (spec §2 "Member"): one React root for /member, /member/documents
 * (我的上传), /member/download (我的下载) and /member/profile,
 * antd with zh_CN and the green theme, in-island routing without full reloads. Guard:
 * no token → /auth/login?redirect=<path> (spec §5).
 */
import { useStore } from '@nanostores/react';
import { App as AntApp, Button, Card, Col, ConfigProvider, Grid, Result, Row, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { memberGuard } from '../../lib/guards.ts';
import { isLeaving } from '../../lib/navigate.ts';
import { $user } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { setPageName } from '../../lib/page-title.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { MemberHome } from './MemberHome.tsx';
import { MyDocuments } from './MyDocuments.tsx';
import { MyDownloads } from './MyDownloads.tsx';
import { MyFavorites } from './MyFavorites.tsx';
import { MyComments } from './MyComments.tsx';
import { MyNotifications } from './MyNotifications.tsx';
import { refreshUnreadNotices } from './notices.ts';
import { MyCredits } from './MyCredits.tsx';
import { MyOrders } from './MyOrders.tsx';
import { MyVip } from './MyVip.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { creditName } from '../../domain/money.ts';
import { captureMemberLinks, MEMBER_ROUTE_LABELS, memberRouter } from './router.ts';
import type { MemberRoute } from './router.ts';
import { UserCard } from './UserCard.tsx';
import { ANTD_BUTTON } from '../common/antd-config.ts';

export const MEMBER_THEME = { token: { colorPrimary: '#16a34a', colorInfo: '#2563eb', borderRadius: 6 } };

function MemberArea() {
  const token = useStore($token);
  const user = useStore($user);
  const page = useStore(memberRouter);
  const settings = useSiteSettings();
  // below md the card sits above the page: kept short so the page starts on the first screen
  const screens = Grid.useBreakpoint();
  const [guarded, setGuarded] = useState(false);

  useEffect(() => {
    const target = isLeaving() ? null : memberGuard(location.pathname, $token.get());
    if (target) location.replace(target);
    else setGuarded(true);
  }, []);

  useEffect(() => captureMemberLinks(), []);
  useEffect(() => {
    if (guarded && token) void refreshUnreadNotices();
  }, [guarded, token]);

  const route: MemberRoute = page?.route ?? 'home';
  useEffect(() => {
    if (user) setPageName(`${MEMBER_ROUTE_LABELS[route]} - ${user.username}`);
  }, [route, user]);

  if (!guarded || (token && !user)) {
    return (
      <div className="flex min-h-80 items-center justify-center">
        <Spin size="large" />
      </div>
    );
  }
  if (!token || !user) {
    return (
      <Result
        status="warning"
        title="登录已失效"
        subTitle="请重新登录后访问个人中心"
        extra={
          <Button type="primary" href={`/auth/login?redirect=${encodeURIComponent(location.pathname)}`}>
            重新登录
          </Button>
        }
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={7} lg={6}>
        <UserCard
          user={user}
          creditName={creditName(settings.system.credit_name)}
          active={route}
          vip={settings.vip.enable}
          compact={!screens.md}
        />
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card
          title={MEMBER_ROUTE_LABELS[route]}
          extra={
            route === 'vip' && settings.vip.enable ? (
              <Button type="primary" href="/vip">
                加入VIP
              </Button>
            ) : undefined
          }
        >
          {route === 'profile' ? (
            <ProfilePage user={user} />
          ) : route === 'documents' ? (
            <MyDocuments user={user} creditName={creditName(settings.system.credit_name)} />
          ) : route === 'download' ? (
            <MyDownloads />
          ) : route === 'favorite' ? (
            <MyFavorites />
          ) : route === 'comment' ? (
            <MyComments user={user} />
          ) : route === 'message' ? (
            <MyNotifications />
          ) : route === 'order' ? (
            <MyOrders creditName={creditName(settings.system.credit_name)} />
          ) : route === 'credit' ? (
            <MyCredits user={user} creditName={creditName(settings.system.credit_name)} />
          ) : route === 'vip' ? (
            <MyVip />
          ) : (
            <MemberHome user={user} />
          )}
        </Card>
      </Col>
    </Row>
  );
}

export default function MemberApp() {
  return (
    <ConfigProvider button={ANTD_BUTTON} locale={zhCN} theme={MEMBER_THEME}>
      <AntApp>
        <div className="mx-auto max-w-6xl px-4 py-6">
          <MemberArea />
        </div>
      </AntApp>
    </ConfigProvider>
  );
}
