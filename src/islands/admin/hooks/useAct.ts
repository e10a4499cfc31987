/** The admin screens' name for the shared write-call hook (its home is islands/common). */
export { useAct } from '../../common/useAct.ts';
