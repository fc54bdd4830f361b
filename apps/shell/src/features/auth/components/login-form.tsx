import { useId, useState, type FormEvent } from 'react';
import type { User } from '@tour/shared';
import { useAppDispatch } from '../../../lib/store-hooks';
import { signIn, type LoginField } from '../api/session-thunks';

// Plain elements with the login page's own CSS (login-page.tsx), not antd: the first page a
// person opens loads no UI kit. Same behaviour as the product's other forms: the messages under
// their field, the form's own error above, the button busy while the request runs.

const LIMITS = { login: 255, password: 128 } as const;

type FieldErrors = Partial<Record<LoginField, string[]>>;

function checkFields(login: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!login.trim()) errors.login = ['Введите email или телефон'];
  else if (login.length > LIMITS.login) errors.login = ['Не больше 255 символов'];
  if (!password) errors.password = ['Введите пароль'];
  else if (password.length > LIMITS.password) errors.password = ['Не больше 128 символов'];
  return errors;
}

/** The login form: email or phone, password, "remember me"; the server's errors by field. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const local = checkFields(login, password);
    setFieldErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    setSubmitting(true);
    try {
      const result = await dispatch(signIn({ login: login.trim(), password, remember }));
      if (result.ok) {
        onSignedIn(result.user);
        return;
      }
      setFieldErrors({ login: result.fieldErrors.login, password: result.fieldErrors.password });
      setFormError(result.formError);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: LoginField) => {
    const messages = fieldErrors[name] ?? [];
    const errorId = `${id}-${name}-error`;
    return {
      inputProps: {
        id: `${id}-${name}`,
        name,
        'aria-invalid': messages.length > 0 || undefined,
        'aria-describedby': messages.length > 0 ? errorId : undefined,
        disabled: submitting,
      },
      error:
        messages.length > 0 ? (
          <div id={errorId} className="login-field-error">
            {messages.join(' ')}
          </div>
        ) : null,
    };
  };
  const loginField = field('login');
  const passwordField = field('password');

  return (
    <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
      {formError && (
        <div className="login-alert" role="alert">
          {formError}
        </div>
      )}
      <div className="login-field">
        <label htmlFor={loginField.inputProps.id}>Email или телефон</label>
        <input
          {...loginField.inputProps}
          type="text"
          autoComplete="username"
          // The page exists to sign in: the first field takes the keyboard.
          autoFocus
          value={login}
          onChange={(event) => setLogin(event.target.value)}
        />
        {loginField.error}
      </div>
      <div className="login-field">
        <label htmlFor={passwordField.inputProps.id}>Пароль</label>
        <div className="login-password">
          <input
            {...passwordField.inputProps}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="button"
            className="login-reveal"
            // Named by its text, not 'Показать пароль': nothing but the field may be labelled
            // with the word 'Пароль' (the field is found by that label).
            title={showPassword ? 'Скрыть пароль' : 'Показать пароль'}
            aria-controls={passwordField.inputProps.id}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Скрыть' : 'Показать'}
          </button>
        </div>
        {passwordField.error}
      </div>
      <label className="login-remember">
        <input
          type="checkbox"
          name="remember"
          checked={remember}
          disabled={submitting}
          onChange={(event) => setRemember(event.target.checked)}
        />
        Запомнить меня
      </label>
      <button type="submit" className="login-submit" aria-busy={submitting} disabled={submitting}>
        {submitting && <span className="login-submit-spinner" aria-hidden="true" />}
        Войти
      </button>
    </form>
  );
}
