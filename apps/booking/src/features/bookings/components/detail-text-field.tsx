import type { ComponentProps } from 'react';
import type { BookingDetails } from '@tour/shared';
import { Col, Form, Input } from '@tour/shared/ui';
import { maxLength, requiredText } from '../lib/form-rules';

export interface DetailTextFieldProps extends Pick<
  ComponentProps<typeof Col>,
  'span' | 'xs' | 'md'
> {
  /** The detail's name in the booking's `details`, as the API names it. */
  name: keyof BookingDetails;
  label: string;
  /** The most characters the API takes. */
  max: number;
  /** The detail may be left empty. */
  optional?: boolean;
  placeholder?: string;
}

/**
 * A text detail of a booking's kind, in its column of the kind's row: required unless optional
 * (spaces alone do not count), at most `max` characters.
 */
export function DetailTextField({
  name,
  label,
  max,
  optional = false,
  placeholder,
  ...column
}: DetailTextFieldProps) {
  return (
    <Col {...column}>
      <Form.Item
        name={['details', name]}
        label={label}
        rules={optional ? [maxLength(max)] : [requiredText, maxLength(max)]}
      >
        <Input placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}
