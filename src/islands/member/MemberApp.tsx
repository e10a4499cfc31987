/**
 * Member area island (spec §2 "Member"): one React root for /member, /member/documents
 * (我的上传), /member/download (我的下载) and /member/profile,
 * antd with zh_CN and the green theme, in-island routing without full reloads. Guard:
 * no token → /auth/login?redirect=<path> (spec §5).
 */
import { useStore } from '@nanostores/react';
import { Button, Col, Grid, Result, Row, Spin } from 'antd';
import { Panel } from '../common/Panel.tsx';
import { useEffect, useState } from 'react';
import { lazyScreen } from '../common/lazyScreen.tsx';
import { memberGuard } from '../../lib/guards.ts';
import { isLeaving } from '../../lib/navigate.ts';
import { $user } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { setPageName } from '../../lib/page-title.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { refreshUnreadNotices } from './notices.ts';
import { creditName } from '../../domain/money.ts';
import { captureMemberLinks, MEMBER_ROUTE_LABELS, memberRouter } from './router.ts';
import type { MemberRoute } from './router.ts';
import { UserCard } from './UserCard.tsx';
import { MemberShell } from '../common/MemberShell.tsx';

// each screen is its own chunk (lazyScreen): a member page loads the antd components it shows, not all of them
const MemberHome = lazyScreen(() => import('./MemberHome.tsx').then((m) => m.MemberHome));
const MyDocuments = lazyScreen(() => import('./MyDocuments.tsx').then((m) => m.MyDocuments));
const MyArticles = lazyScreen(() => import('./MyArticles.tsx').then((m) => m.MyArticles));
const MyDownloads = lazyScreen(() => import('./MyDownloads.tsx').then((m) => m.MyDownloads));
const MyFavorites = lazyScreen(() => import('./MyFavorites.tsx').then((m) => m.MyFavorites));
const MyComments = lazyScreen(() => import('./MyComments.tsx').then((m) => m.MyComments));
const MyNotifications = lazyScreen(() => import('./MyNotifications.tsx').then((m) => m.MyNotifications));
const MyCredits = lazyScreen(() => import('./MyCredits.tsx').then((m) => m.MyCredits));
const MyOrders = lazyScreen(() => import('./MyOrders.tsx').then((m) => m.MyOrders));
const MyVip = lazyScreen(() => import('./MyVip.tsx').then((m) => m.MyVip));
const ProfilePage = lazyScreen(() => import('./ProfilePage.tsx').then((m) => m.ProfilePage));

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
        <Panel
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
          ) : route === 'articles' ? (
            <MyArticles user={user} />
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
        </Panel>
      </Col>
    </Row>
  );
}

export default function MemberApp() {
  return (
    <MemberShell width="max-w-6xl">
      <MemberArea />
    </MemberShell>
  );
}
