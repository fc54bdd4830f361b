import { useEffect, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import { Button, Card, Flex, Form, Input, Typography } from '@tour/shared/ui';
import type { ItineraryDay } from '@tour/shared';

/** What the form's own rule says of a day without a title (the server's words). */
export const DAY_TITLE_REQUIRED = 'Укажите название дня';

const NEW_DAY: ItineraryDay = { title: '', description: '' };

// Read by screen readers only: where a moved day went.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

interface ListField {
  key: number;
  name: number;
}

interface DaysProps {
  emptyText: string;
  fields: ListField[];
  add: (day: ItineraryDay) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
}

type Direction = 'up' | 'down';

function Days({ emptyText, fields, add, remove, move }: DaysProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A day moved by its buttons keeps the focus on them: [the day's list key, the button pressed].
  const focusAfterMove = useRef<[number, Direction] | null>(null);

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const [key, direction] = pending;
    const card = listRef.current?.querySelector(`[data-day-key="${key}"]`);
    const pressed = card?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
    const other = card?.querySelector<HTMLButtonElement>(
      `[data-move="${direction === 'up' ? 'down' : 'up'}"]`,
    );
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  });

  const moveDay = (from: number, to: number) => {
    if (from === to || to < 0 || to >= fields.length) return;
    move(from, to);
    setAnnouncement(`День ${from + 1} перемещён на место ${to + 1}`);
  };

  const moveByButton = (index: number, direction: Direction) => {
    focusAfterMove.current = [fields[index]!.key, direction];
    moveDay(index, direction === 'up' ? index - 1 : index + 1);
  };

  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };

  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) moveDay(dragged, index);
    endDrag();
  };

  return (
    <Flex vertical gap="small" ref={listRef}>
      {fields.length === 0 ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null}
      {fields.map((field, index) => {
        const number = index + 1;
        const last = index === fields.length - 1;
        return (
          <div
            key={field.key}
            data-day-key={field.key}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              if (over !== index) setOver(index);
            }}
            onDrop={dropOn(index)}
            style={{
              opacity: dragged === index ? 0.5 : 1,
              outline: over === index && dragged !== index ? '2px dashed #1677ff' : undefined,
              borderRadius: 8,
            }}
          >
            <Card
              size="small"
              title={
                <Flex gap="small" align="center">
                  <span
                    draggable
                    aria-hidden
                    title={`Перетащить день ${number}`}
                    onDragStart={(event) => {
                      // Firefox starts a drag only with some data set.
                      event.dataTransfer?.setData?.('text/plain', String(number));
                      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                      setDragged(index);
                    }}
                    onDragEnd={endDrag}
                    style={{ cursor: 'grab', userSelect: 'none', padding: '0 4px' }}
                  >
                    ⠿
                  </span>
                  <span>День {number}</span>
                </Flex>
              }
              extra={
                <Flex gap="small">
                  <Button
                    size="small"
                    data-move="up"
                    aria-label={`Переместить день ${number} выше`}
                    disabled={index === 0}
                    onClick={() => moveByButton(index, 'up')}
                  >
                    Выше
                  </Button>
                  <Button
                    size="small"
                    data-move="down"
                    aria-label={`Переместить день ${number} ниже`}
                    disabled={last}
                    onClick={() => moveByButton(index, 'down')}
                  >
                    Ниже
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={`Удалить день ${number}`}
                    onClick={() => {
                      remove(index);
                      setAnnouncement(`День ${number} удалён`);
                    }}
                  >
                    Удалить
                  </Button>
                </Flex>
              }
            >
              <Form.Item
                name={[field.name, 'title']}
                label={`Название дня ${number}`}
                rules={[
                  { required: true, whitespace: true, message: DAY_TITLE_REQUIRED },
                  { max: 255, message: 'Не длиннее 255 символов' },
                ]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name={[field.name, 'description']}
                label={`Описание дня ${number}`}
                rules={[{ max: 5000, message: 'Не длиннее 5000 символов' }]}
                style={{ marginBottom: 0 }}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
              </Form.Item>
            </Card>
          </div>
        );
      })}
      <div>
        <Button
          onClick={() => {
            add({ ...NEW_DAY });
            setAnnouncement(`Добавлен день ${fields.length + 1}`);
          }}
        >
          Добавить день
        </Button>
      </div>
      <div aria-live="polite" style={VISUALLY_HIDDEN}>
        {announcement}
      </div>
    </Flex>
  );
}

export interface ItineraryEditorProps {
  /** The form's list field of the days (default `itinerary`). */
  name?: string;
  /** What is said while there are no days. */
  emptyText?: string;
}

/**
 * The day-by-day itinerary inside its form (a prepared tour's, a trip's): days numbered in order, each with a title and a
 * description; a day is added, removed, and moved by dragging its handle or, from the keyboard,
 * with its "Выше" and "Ниже" buttons. Each day's fields are `[name, index, 'title' | 'description']`,
 * so the server's `itinerary.N.title` errors land under them.
 */
export function ItineraryEditor({
  name = 'itinerary',
  emptyText = 'Программа пока пуста',
}: ItineraryEditorProps) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <Days emptyText={emptyText} fields={fields} add={add} remove={remove} move={move} />
      )}
    </Form.List>
  );
}
