import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { hashPassword } from '../server/auth/password.ts';
import type { Database } from '../server/db/db.ts';
import { UserRepo } from '../server/modules/user/user.repo.ts';

async function readHidden(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // mute the echo so the password does not appear on screen
  const out = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  const write = out._writeToOutput.bind(rl);
  out._writeToOutput = (s: string) => (muted ? undefined : write(s));
  const answer = rl.question(prompt);
  muted = true;
  const value = await answer;
  rl.close();
  process.stdout.write('\n');
  return value;
}

async function readLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

export async function userPasswd(db: Database, username: string): Promise<number> {
  const user = await db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
  if (!user) throw new Error(`用户 ${username} 不存在`);
  let password: string;
  if (process.stdin.isTTY) {
    password = await readHidden('新密码（至少6位，留空则随机生成）：');
    if (password && (await readHidden('再次输入新密码：')) !== password) throw new Error('两次输入的密码不一致');
  } else {
    password = (await readLine()).trim();
  }
  const generated = !password;
  if (generated) password = randomBytes(9).toString('base64url');
  if (password.length < 6) throw new Error('密码至少6位');
  // like any reset, this ends every session of the account
  await new UserRepo(db).setPassword(user.id, await hashPassword(password));
  console.log(generated ? `已重置 ${username} 的密码，新密码：${password}` : `已重置 ${username} 的密码`);
  return 0;
}
