import { deviceInfo, envsReply, operationsReply, stats } from './config.ts';
import { endpoint, service } from './endpoint.ts';

/** ConfigAPI's server information for the admin dashboard. */
export const systemApi = service('ConfigAPI', '系统信息', (rpc) => ({
  calls: {
    stats: endpoint.get('/stats', 'public', { reply: stats }),
    envs: endpoint.get('/envs', 'public', { reply: envsReply }),
    device: endpoint.get('/device', rpc('GetDeviceInfo', '查看服务器硬件信息'), { reply: deviceInfo }),
    operations: endpoint.get('/operations', rpc('GetOperations', '查看运行数据'), { reply: operationsReply }),
  },
  summaries: {
    stats: '站点统计（持有【查看系统信息】权限时另含分类、评论、轮播图、友链、举报数与系统、版本、构建信息）',
    envs: '文档转换所需外部程序的检测结果（无权限时返回空对象）',
    device: '服务器硬件信息（CPU、内存、数据目录所在磁盘）',
    operations:
      '运行数据（Wenku）：最近 24 小时每小时的请求数、错误数（5xx，不含站点构建中与停机时的 503）、转换完成与失败数，转换队列，磁盘剩余空间',
  },
  /** a holder sees the full statistics, and the tool checks */
  checks: { stats: rpc('GetStats', '查看系统信息'), envs: rpc('GetEnvs', '获取环境依赖检测') },
}));
