import { roomingOf } from './rooming';

const people = new Map([
  [1, { full_name: 'Асанова Айгуль', cancelled: false }],
  [2, { full_name: 'Бекова Нурия', cancelled: false }],
  [3, { full_name: 'Иванов Пётр', cancelled: false }],
  [4, { full_name: 'Ли Анна', cancelled: true }],
]);

describe('roomingOf', () => {
  it('lays the rooms out with their occupants; a cancelled one takes no place', () => {
    const { groups, unassigned } = roomingOf(
      [
        { participant_id: 1, room: 2 },
        { participant_id: 2, room: 2 },
        { participant_id: 3, room: null },
        { participant_id: 4, room: 2 },
      ],
      people,
      3,
      'DBL',
    );
    expect(
      groups.map(({ room, taken, places, over, outOfRange }) => ({
        room,
        taken,
        places,
        over,
        outOfRange,
      })),
    ).toEqual([
      { room: 1, taken: 0, places: 2, over: false, outOfRange: false },
      { room: 2, taken: 2, places: 2, over: false, outOfRange: false },
      { room: 3, taken: 0, places: 2, over: false, outOfRange: false },
    ]);
    expect(groups[1]!.occupants.map((o) => o.full_name)).toEqual([
      'Асанова Айгуль',
      'Бекова Нурия',
      'Ли Анна',
    ]);
    expect(unassigned.map((o) => o.full_name)).toEqual(['Иванов Пётр']);
  });

  it('flags a room over its type’s places and a number beyond the rooms', () => {
    const { groups } = roomingOf(
      [
        { participant_id: 1, room: 1 },
        { participant_id: 2, room: 1 },
        { participant_id: 3, room: 4 },
      ],
      people,
      1,
      'SGL',
    );
    expect(
      groups.map(({ room, taken, over, outOfRange }) => [room, taken, over, outOfRange]),
    ).toEqual([
      [1, 2, true, false],
      [4, 1, false, true],
    ]);
  });

  it('knows no capacity before the room type is chosen', () => {
    const { groups } = roomingOf([{ participant_id: 1, room: 1 }], people, 1, null);
    expect(groups).toEqual([
      {
        room: 1,
        occupants: [{ participant_id: 1, full_name: 'Асанова Айгуль', cancelled: false }],
        taken: 1,
        places: null,
        over: false,
        outOfRange: false,
      },
    ]);
  });
});
