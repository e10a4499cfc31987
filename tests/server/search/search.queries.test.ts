import { expect } from 'vitest';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { addDocument, docIds } from './search.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/**
 * Searches as readers type them on a Chinese document site, each with the documents it must find
 * on its first page (and, for a typo, the correction it must offer). Many do not match a title
 * word for word: an abbreviation or a word the document lacks (考研政治 for a 思想政治 exam paper,
 * 租房合同 for a 房屋租赁合同) must still find it below the full matches.
 */

const LIBRARY: Record<string, { title: string; pages: string[] }> = {
  politics: {
    title: '2023年全国硕士研究生招生考试思想政治理论真题及答案',
    pages: ['一、单项选择题：马克思主义基本原理', '二、分析题：毛泽东思想和中国特色社会主义理论体系概论'],
  },
  aiIntro: { title: '人工智能导论课件（第一章 绪论）', pages: ['人工智能的定义与发展历史', '机器学习与深度学习简介'] },
  aiMedical: { title: '人工智能在医疗中的应用研究', pages: ['医学影像识别', '辅助诊断系统'] },
  aiEthics: { title: '人工智能伦理与治理', pages: ['算法偏见与隐私保护'] },
  ml: { title: '机器学习实战笔记', pages: ['监督学习：线性回归、决策树', '无监督学习：聚类'] },
  calculus: { title: '高等数学期末复习题（同济第七版）', pages: ['极限与连续', '导数与微分'] },
  cet4: { title: '大学英语四级真题2022年12月', pages: ['Part I Writing', '听力理解 阅读理解'] },
  labour: { title: '劳动合同范本（2024版）', pages: ['甲方（用人单位）乙方（劳动者）', '工作内容和工作地点'] },
  thesis: { title: '毕业论文开题报告模板', pages: ['选题背景与意义', '研究内容与方法'] },
  python: { title: 'Python编程从入门到实践 读书笔记', pages: ['变量和简单数据类型', '列表与字典'] },
  java: { title: 'Java面试题大全（含答案）', pages: ['集合框架', '多线程与并发'] },
  accounting: { title: '会计基础知识点总结', pages: ['会计要素与会计等式', '借贷记账法'] },
  quadratic: { title: '初中数学二次函数专题练习', pages: ['二次函数的图像与性质', '顶点式与一般式'] },
  chinese: { title: '小学三年级语文上册教案', pages: ['第一单元 教学目标', '识字与写字'] },
  lease: { title: '房屋租赁合同（简易版）', pages: ['出租方与承租方', '租金及支付方式'] },
  resume: { title: '个人简历模板（应届生）', pages: ['教育背景', '实习经历'] },
  safety: { title: '建筑施工安全技术交底记录', pages: ['高处作业安全要求', '临时用电'] },
  report: { title: '2024年政府工作报告全文', pages: ['过去一年工作回顾', '今年政府工作任务'] },
  summary: { title: '企业年度工作总结PPT', pages: ['业绩回顾', '明年计划'] },
  network: { title: '计算机网络（谢希仁）课后习题答案', pages: ['第一章 概述', '第二章 物理层'] },
  dataStructures: { title: '数据结构与算法 C语言版 课件', pages: ['线性表', '栈和队列'] },
  kyEnglish: { title: '考研英语一 阅读理解 精讲', pages: ['长难句分析', '真题解析'] },
  history: { title: '中国近现代史纲要 期末考试重点', pages: ['鸦片战争', '新民主主义革命'] },
  morality: { title: '思想道德与法治 复习提纲', pages: ['人生观', '法治思维'] },
  civil: { title: '公务员考试行测 言语理解 练习题', pages: ['片段阅读', '逻辑填空'] },
  nurse: { title: '护士资格证考试 基础护理 题库', pages: ['生命体征的评估', '无菌技术'] },
  cnn: { title: '深度学习 卷积神经网络 综述', pages: ['卷积层与池化层', '经典网络结构'] },
  gnn: { title: '图神经网络 论文 综述', pages: ['图卷积', '消息传递'] },
  nnBook: { title: '神经网络与深度学习 讲义', pages: ['前馈神经网络', '反向传播算法'] },
  micro: { title: '微观经济学 第五章 市场结构', pages: ['完全竞争市场', '垄断'] },
  linear: { title: '线性代数 矩阵 特征值 习题', pages: ['矩阵的运算', '特征值与特征向量'] },
  teacher: { title: '教师资格证 面试 结构化 问题', pages: ['结构化面试题型', '试讲'] },
  party: { title: '党课学习心得体会', pages: ['学习体会', '思想认识'] },
  epidemic: { title: '新冠肺炎疫情防控方案', pages: ['防控措施', '应急处置'] },
  finance: { title: '财务报表分析 案例', pages: ['资产负债表', '利润表 案例分析'] },
  srs: { title: '软件工程 需求规格说明书 模板', pages: ['功能需求', '非功能需求'] },
  physics: { title: '物理 高考 力学 专题', pages: ['牛顿运动定律', '动量守恒'] },
  essay: { title: '英语 作文 万能句型', pages: ['开头句型', '结尾句型'] },
  chain: { title: '区块链技术白皮书', pages: ['共识机制', '智能合约'] },
};

type Key = keyof typeof LIBRARY;

interface Case {
  wd: string;
  find: Key[];
  /** the correction offered (您要找的是不是) */
  suggest?: string;
}

const CASES: Case[] = [
  { wd: '考研政治', find: ['politics'] },
  { wd: '人工智能', find: ['aiIntro', 'aiMedical', 'aiEthics'] },
  { wd: '人工只能', find: [], suggest: '人工智能' },
  { wd: '神经往络', find: [], suggest: '神经网络' },
  { wd: '区块连技术', find: [], suggest: '区块链技术' },
  { wd: '机器学习', find: ['ml', 'aiIntro'] },
  { wd: '高等数学期末', find: ['calculus'] },
  { wd: '英语四级', find: ['cet4'] },
  { wd: '四级真题', find: ['cet4'] },
  { wd: '劳动合同', find: ['labour'] },
  { wd: '租房合同', find: ['lease'] },
  { wd: '开题报告', find: ['thesis'] },
  { wd: 'python教程', find: ['python'] },
  { wd: 'java面试', find: ['java'] },
  { wd: '会计知识点', find: ['accounting'] },
  { wd: '二次函数', find: ['quadratic'] },
  { wd: '三年级语文教案', find: ['chinese'] },
  { wd: '简历模板', find: ['resume'] },
  { wd: '安全技术交底', find: ['safety'] },
  { wd: '政府工作报告', find: ['report'] },
  { wd: '年终总结', find: ['summary'] },
  { wd: '计算机网络答案', find: ['network'] },
  { wd: '数据结构', find: ['dataStructures'] },
  { wd: '考研英语阅读', find: ['kyEnglish'] },
  { wd: '近代史期末', find: ['history'] },
  { wd: '思想道德与法治', find: ['morality'] },
  { wd: '行测言语理解', find: ['civil'] },
  { wd: '护士资格证', find: ['nurse'] },
  { wd: '卷积神经网络', find: ['cnn'] },
  { wd: '微观经济学', find: ['micro'] },
  { wd: '线性代数特征值', find: ['linear'] },
  { wd: '教师资格证面试', find: ['teacher'] },
  { wd: '心得体会', find: ['party'] },
  { wd: '疫情防控', find: ['epidemic'] },
  { wd: '财务分析案例', find: ['finance'] },
  { wd: '需求说明书', find: ['srs'] },
  { wd: '高考物理力学', find: ['physics'] },
  { wd: '英语作文句型', find: ['essay'] },
  { wd: '人工智能医疗', find: ['aiMedical'] },
  { wd: '深度学习', find: ['cnn', 'nnBook'] },
];

describeEachDialect('real queries find their documents (%s)', { admin: false, member: false }, (dialect) => {
  const ids = new Map<Key, number>();

  onStart(async ({ t }) => {
    for (const [key, doc] of Object.entries(LIBRARY)) ids.set(key as Key, await addDocument(t.ctx.db, doc));
    const now = new Date().toISOString();
    const record = { user_id: 0, ip: '127.0.0.1', user_agent: '', total: 3, page: 1, spend_time: 0.01, type: 0 };
    await t.ctx.db
      .insertInto('search_records')
      .values(Array.from({ length: 3 }, () => ({ ...record, keywords: '区块链技术', created_at: now, updated_at: now })))
      .execute();
    await syncIndex(t.ctx.db);
  });

  it(`each of the ${CASES.length} queries finds its documents on the first page`, async ({ t }) => {
    const failed: string[] = [];
    for (const c of CASES) {
      const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(c.wd)}` });
      expect(res.status).toBe(200);
      const found = docIds(res.body);
      const missing = c.find.filter((k) => !found.includes(ids.get(k)!));
      if (missing.length) failed.push(`${c.wd}: 缺少 ${missing.join(', ')}`);
      if (c.suggest !== undefined && res.body.suggest !== c.suggest)
        failed.push(`${c.wd}: 建议 ${String(res.body.suggest)}，应为 ${c.suggest}`);
    }
    console.log(`[${dialect}] ${CASES.length - new Set(failed.map((f) => f.split(':')[0])).size}/${CASES.length} queries pass`);
    expect(failed).toEqual([]);
  });

  it('ranks full matches first and names the word a looser result lacks', async ({ t }) => {
    const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('考研政治')}` });
    const docs = res.body.document as Array<{ id: number; missing_words?: string[] }>;
    expect(res.body.partial_total).toBe(res.body.total);
    const politics = docs.find((d) => d.id === ids.get('politics'))!;
    expect(politics.missing_words).toEqual(['考研']);
    expect(docs.find((d) => d.id === ids.get('kyEnglish'))!.missing_words).toEqual(['政治']);

    // a full match comes before every looser one
    const both = await addDocument(t.ctx.db, { title: '考研政治 冲刺背诵手册', pages: ['肖秀荣'] });
    await syncIndex(t.ctx.db);
    const again = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('考研政治')}` });
    expect(again.body.document[0].id).toBe(both);
    expect(again.body.document[0].missing_words).toBeUndefined();
    expect(again.body.partial_total).toBe(again.body.total - 1);
    // a correct query gets no correction; its three full matches come first
    const ok = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('人工智能')}` });
    expect(ok.body.suggest).toBeUndefined();
    expect(ok.body.total - ok.body.partial_total).toBe(3);
    expect(ok.body.document.slice(0, 3).map((d: { missing_words?: string[] }) => d.missing_words)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
