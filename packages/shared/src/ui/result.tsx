import { Result as AntResult, type ResultProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

/** What antd's pictures of a 403, 404 and 500 are titled (an SVG title shows as a tooltip). */
const PICTURE_TITLES: Record<string, string> = {
  '403': 'Нет доступа',
  '404': 'Не найдено',
  '500': 'Ошибка сервера',
};

/**
 * antd's Result, its 403 / 404 / 500 pictures titled in Russian: antd draws them with an English
 * `<title>` («No Found», read as a tooltip and by screen readers) that no prop or locale reaches,
 * so the title is renamed once drawn. A wrapper that takes no room of its own (display: contents).
 */
export function Result(props: ResultProps) {
  const box = useRef<HTMLDivElement>(null);
  const title = props.status === undefined ? undefined : PICTURE_TITLES[String(props.status)];
  useLayoutEffect(() => {
    const picture = box.current?.querySelector('.ant-result-image svg > title');
    if (picture && title) picture.textContent = title;
  });
  return (
    <div ref={box} style={{ display: 'contents' }}>
      <AntResult {...props} />
    </div>
  );
}
