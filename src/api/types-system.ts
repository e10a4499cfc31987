/** Wire shapes of the admin system calls (api-contract §3.11) and upload answers (§2.20), from the contract. */
import type { Stats as ContractStats } from '../contract/config.ts';
import type { UploadReply as ContractUploadReply } from '../contract/upload.ts';

export type { DeviceInfo, EnvDependent, OperationsHour, OperationsReply, Release } from '../contract/config.ts';

/** Every count filled (0 when the server omits it). */
export type Stats = Required<ContractStats>;

/** Upload routes answer `{code, message, data}`. */
export type UploadReply<T> = ContractUploadReply<T>;
