import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const partNames: Record<string, string> = { body: '', querystring: '', params: '', headers: '' };

/** One readable Chinese sentence from the first validation issue, naming the field. */
export function validationMessage(errors: FastifySchemaValidationError[]): string {
  const first = errors[0];
  if (!first) return '参数错误';
  const field = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const msg = first.message ?? '参数错误';
  // schema-provided messages are complete sentences; locale fallbacks need the field name
  if (/[\u4e00-\u9fa5]/.test(msg) && !msg.startsWith('无效') && !msg.startsWith('数值过') && !msg.startsWith('字符串'))
    return msg;
  return field ? `参数 ${partNames[field] ?? field} 错误：${msg}` : `参数错误：${msg}`;
}
