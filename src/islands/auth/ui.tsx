/** Small Tailwind form primitives for the auth islands (no UI kit). */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { isSafeUrl } from '../../lib/safe-url.ts';

export const inputClass =
  'w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-800 outline-none ' +
  'focus:border-primary-500 focus:ring-2 focus:ring-primary-200 read-only:bg-neutral-50 read-only:text-neutral-500';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  testId?: string;
  /** the typed text, for fields that need no more of the change event */
  onValue?: (value: string) => void;
  children?: ReactNode;
}

/** Labelled input; `children` go to the right of the input (e.g. a send-code button). */
export function Field({ label, testId, children, id, onValue, ...rest }: FieldProps) {
  const fieldId = id ?? `f-${rest.name ?? label}`;
  if (onValue) rest.onChange = (e) => onValue(e.target.value);
  return (
    <div className="mb-4">
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-neutral-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={fieldId} data-testid={testId} className={inputClass} {...rest} />
        {children}
      </div>
    </div>
  );
}

/** 电子邮箱 (`name="email"`, required); `placeholder` where the form says more. */
export function EmailField({ placeholder = '请输入电子邮箱', ...rest }: Omit<FieldProps, 'label' | 'name' | 'type'>) {
  return <Field label="电子邮箱" name="email" type="email" placeholder={placeholder} autoComplete="email" required {...rest} />;
}

/** The messages above a form: what role they play, how tests find them, how they look. */
const NOTICES = {
  error: { role: 'alert', testId: 'form-error', colors: 'bg-red-50 text-red-700 ring-red-200' },
  success: { role: 'status', testId: 'form-success', colors: 'bg-primary-50 text-primary-700 ring-primary-200' },
  warning: { role: 'alert', testId: undefined, colors: 'bg-amber-50 text-amber-800 ring-amber-200' },
} as const;

/** A message above a form; nothing while `message` is empty. */
function FormNotice({ kind, message }: { kind: keyof typeof NOTICES; message: string }) {
  if (!message) return null;
  const { role, testId, colors } = NOTICES[kind];
  return (
    <p role={role} data-testid={testId} className={`mb-4 rounded-md px-3 py-2 text-sm ring-1 ${colors}`}>
      {message}
    </p>
  );
}

export const FormError = ({ message }: { message: string }) => <FormNotice kind="error" message={message} />;

/** A form's messages, each only while not empty: a warning, the error, then what succeeded. */
export function FormMessages({ warning = '', error, success }: { warning?: string; error: string; success: string }) {
  return (
    <>
      <FormNotice kind="warning" message={warning} />
      <FormNotice kind="error" message={error} />
      <FormNotice kind="success" message={success} />
    </>
  );
}

interface SubmitProps {
  label: string;
  busy: boolean;
  disabled?: boolean;
  testId: string;
}

export function SubmitButton({ label, busy, disabled = false, testId }: SubmitProps) {
  return (
    <button
      type="submit"
      data-testid={testId}
      disabled={busy || disabled}
      className="w-full rounded-md bg-primary-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-primary-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? '请稍候...' : label}
    </button>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The auth pages' tab row (e.g. 密码登录 / 短信登录); `active` is the index of the selected label. */
export function TabBar({
  labels,
  active,
  onChange,
}: {
  labels: readonly string[];
  active: number;
  onChange: (index: number) => void;
}) {
  return (
    <div className="mb-5 flex border-b border-neutral-200 text-sm" role="tablist">
      {labels.map((label, i) => (
        <button
          key={label}
          type="button"
          role="tab"
          aria-selected={active === i}
          onClick={() => onChange(i)}
          className={`-mb-px flex-1 border-b-2 py-2 ${active === i ? 'border-primary-600 font-medium text-primary-700' : 'border-transparent text-neutral-500 hover:text-neutral-700'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * 我已阅读并同意《文库协议》: required before registering. The link is the footer's 文库协议
 * (setting footer.agreement), opened in a new tab so the form keeps what was typed.
 */
export function AgreementCheck({ href, checked, onChange }: { href: string; checked: boolean; onChange: (v: boolean) => void }) {
  const safe = href.trim() && isSafeUrl(href.trim(), { allowExternal: true }) ? href.trim() : '';
  return (
    <label className="mb-4 flex items-center gap-2 text-sm text-neutral-600">
      <input
        type="checkbox"
        data-testid="register-agree"
        className="accent-primary-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        我已阅读并同意
        {safe ? (
          <a href={safe} target="_blank" rel="noopener" className="text-primary-600 hover:underline">
            《文库协议》
          </a>
        ) : (
          '《文库协议》'
        )}
      </span>
    </label>
  );
}

/** A new password typed twice (注册, 找回密码): `{prefix}-password` and `{prefix}-confirm`. */
export function NewPasswordFields(props: {
  prefix: string;
  label: string;
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  const { prefix, label, password, confirm, onPassword, onConfirm } = props;
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        testId={`${prefix}-password`}
        placeholder={`请输入${label}`}
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
        required
      />
      <Field
        label="确认密码"
        name="confirm"
        type="password"
        testId={`${prefix}-confirm`}
        placeholder={`请再次输入${label}`}
        autoComplete="new-password"
        value={confirm}
        onValue={onConfirm}
        required
      />
    </>
  );
}

/** The two links under a form: a quiet one on the left, the main one on the right. */
export function FormLinks({ left, right }: { left: { href: string; text: string }; right: { href: string; text: string } }) {
  return (
    <div className="mt-4 flex justify-between text-sm">
      <a href={left.href} className="text-neutral-500 hover:text-primary-600">
        {left.text}
      </a>
      <a href={right.href} className="text-primary-600 hover:underline">
        {right.text}
      </a>
    </div>
  );
}
