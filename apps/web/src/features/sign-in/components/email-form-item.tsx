import { Form, Input } from 'antd';

/** The work-email field of the signed-out forms (sign in, forgot password), named `email`. */
export function EmailFormItem() {
  return (
    <Form.Item
      label="Email"
      name="email"
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: 'Please enter your email' },
        { type: 'email', message: 'Please enter a valid email address' },
      ]}
    >
      <Input autoComplete="username" inputMode="email" autoFocus placeholder="you@company.com" />
    </Form.Item>
  );
}
