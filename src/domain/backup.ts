/** `wenku-backup-20261128-034500.tar`: the only names the back office lists, downloads or deletes. */
export const BACKUP_NAME = /^wenku-backup-\d{8}-\d{6}(-\d+)?\.tar$/;

/** The schedule's time of day, `HH:MM` in the site's time zone. */
export const BACKUP_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
