import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { Select as AntSelect, type SelectProps } from 'antd';

/**
 * How a select's clear button is drawn and called: antd's own icon, and a Russian name (antd's
 * select names it «Clear» whatever the locale; its `allowClear` takes a label only as an object).
 */
const CLEAR = { clearIcon: <CloseCircleFilled />, label: 'Очистить' } as SelectProps['allowClear'];

function RussianSelect(props: SelectProps) {
  return <AntSelect {...props} allowClear={props.allowClear === true ? CLEAR : props.allowClear} />;
}

/** antd's Select, its clear button named «Очистить»: the same props, generics and statics. */
export const Select = Object.assign(RussianSelect, {
  Option: AntSelect.Option,
  OptGroup: AntSelect.OptGroup,
}) as unknown as typeof AntSelect;
