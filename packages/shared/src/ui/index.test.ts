// The UI kit's entry as the apps import it: every name it hands over is there. antd's components
// come through it by name (the lint walls forbid 'antd' in the apps), so a component antd renamed
// or dropped in an upgrade shows here, not as an undefined element in a page.
import * as kit from './index';

describe('@tour/shared/ui', () => {
  it('hands over antd’s components the product uses', () => {
    for (const name of [
      'Alert',
      'App',
      'Button',
      'Card',
      'Checkbox',
      'Col',
      'ConfigProvider',
      'DatePicker',
      'Descriptions',
      'Divider',
      'Drawer',
      'Dropdown',
      'Flex',
      'Form',
      'Input',
      'Layout',
      'Menu',
      'Modal',
      'Popconfirm',
      'Radio',
      'Row',
      'Skeleton',
      'Space',
      'Spin',
      'Switch',
      'Table',
      'Tabs',
      'Tag',
      'Tooltip',
      'Typography',
      'Upload',
      'theme',
      'StyleProvider',
    ] as const) {
      expect([name, kit[name]]).toEqual([name, expect.anything()]);
    }
  });

  it('hands over no name without a value', () => {
    const missing = Object.entries(kit)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
