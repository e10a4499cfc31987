import { benchDatabase } from '../bench/prepare.ts';
const d = process.argv[2] as 'sqlite' | 'postgres';
console.log(await benchDatabase(d, 100000, console.log));
