import { Typography } from 'antd';

/** The frame of a page whose screen is still to be built: its title, so the route is visible. */
export function PageFrame({ title }: { title: string }) {
  return <Typography.Title level={2}>{title}</Typography.Title>;
}
