/** The icons the page table (lib/admin-pages.ts) names, exported under those names: AdminMenu looks them up here. */
export {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LinkOutlined,
  MenuOutlined,
  PaperClipOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
