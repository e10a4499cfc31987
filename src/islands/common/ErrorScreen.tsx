/** React twin of src/components/ErrorScreen.astro for islands that catch a PageError. */
import { useEffect, useState } from 'react';

const BOT_UA = /googlebot|baiduspider|bingbot|sogou|360spider|yisouspider|bytespider|facebookexternalhit|twitterbot|slurp/i;

export function isBotUserAgent(ua: string): boolean {
  return BOT_UA.test(ua);
}

export interface ErrorScreenProps {
  status?: number;
}

export function ErrorScreen({ status = 404 }: ErrorScreenProps) {
  const [bot, setBot] = useState(false);
  useEffect(() => {
    setBot(isBotUserAgent(navigator.userAgent));
  }, []);
  if (bot) return <>Page Not Found</>;
  const image = status === 404 ? '/images/error-404.svg' : '/images/error.svg';
  return (
    <section
      id="error-screen"
      data-status={status}
      style={{ maxWidth: 576, margin: '0 auto', padding: '64px 16px', textAlign: 'center' }}
    >
      <img src={image} alt={String(status)} width={400} height={260} style={{ maxWidth: '100%', height: 'auto' }} />
      <h1 style={{ marginTop: 24, fontSize: 24, fontWeight: 700, color: '#1e293b' }}>出错啦！</h1>
      <p style={{ marginTop: 12, color: '#64748b' }}>您访问的页面出现了问题，请稍后再试。</p>
      <a
        href="/"
        style={{
          display: 'inline-block',
          marginTop: 32,
          padding: '8px 24px',
          borderRadius: 6,
          background: '#16a34a',
          color: '#fff',
          textDecoration: 'none',
        }}
      >
        返回首页
      </a>
    </section>
  );
}

export default ErrorScreen;
