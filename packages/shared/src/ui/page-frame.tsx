import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

const TITLE_CLASS = 'tour-page-title';

// A phone's heading in a size that keeps «Редактирование пользователя» on one line.
const TITLE_CSS = `@media (max-width: 599px) {
  h2.ant-typography.${TITLE_CLASS} { font-size: 18px; line-height: 1.3; }
}`;

export interface PageFrameProps {
  title: string;
  /** Actions beside the title (links, buttons). */
  extra?: ReactNode;
  /** A short note under the title, for a page whose screen comes later. */
  note?: string;
  children?: ReactNode;
}

/** A page of any section: its title (the route table's) as the heading, actions, content. */
export function PageFrame({ title, extra, note, children }: PageFrameProps) {
  return (
    <Flex vertical gap="middle">
      <style>{TITLE_CSS}</style>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} className={TITLE_CLASS} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {note ? <Typography.Paragraph type="secondary">{note}</Typography.Paragraph> : null}
      {children}
    </Flex>
  );
}
