// The second public entry of @tour/shared: '@tour/shared/ui', the product's UI kit. Every app takes
// antd's components from here and never from 'antd' (the lint walls hold it), so that module
// federation shares one module that holds exactly the components the product uses, with one copy
// of antd's internals (theme, locale context, CSS-in-JS cache), instead of the whole library.
// Pages that need none of it (the login page) load none of it.
//
// A component the product starts to use is added here; this file is the whole kit.
export {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Flex,
  Form,
  Input,
  Layout,
  Menu,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  Upload,
  theme,
} from 'antd';
export type {
  FormInstance,
  FormListFieldData,
  MenuProps,
  SelectProps,
  TableColumnsType,
  TablePaginationConfig,
  TableProps,
  UploadProps,
} from 'antd';
// antd's CSS-in-JS container: tests put the styles outside the document (jsdom is slow with them).
export { StyleProvider } from '@ant-design/cssinjs';
export * from './empty-state';
export * from './list-pagination';
export * from './load-error';
export * from './operations-table';
export * from './operation-purpose';
export * from './page-frame';
export * from './standalone-section';
export * from './transaction-status-tag';
export * from './ui-providers';
export * from './search-select';
export * from './user-search-select';
export * from './tourist-select';
export * from './tourist-options-api';
export * from './trip-select';
export { useSharedTripCostingLinesQuery } from './costing-lines-api';
export * from './wallet-select';
export { useSharedWalletOptionsQuery } from './wallet-options-api';
export * from './history-list';
export * from './export-button';
export * from './print';
export * from './search-box';
export * from './scroll-region';
export * from './select-all-title';
export * from './filter-panel';
export * from './filter-bar';
export * from './debounced-input';
export * from './passport-fields';
export * from './result';
export * from './select';
export * from './input-number';
export * from './list-table';
export * from './email-text';
export * from './server-form';
export * from './amount-field';
export * from './booking-status-tags';
export * from './paper-dialogs';
