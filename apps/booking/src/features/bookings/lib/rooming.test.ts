import {
  keepCovered,
  placeInOrder,
  placesOf,
  roomProblem,
  takenIn,
  unplacedOf,
  type Person,
} from './rooming';

const people = new Map<number, Person>([
  [1, { full_name: 'Асанова Айгуль', cancelled: false }],
  [2, { full_name: 'Бекова Нурия', cancelled: false }],
  [3, { full_name: 'Иванов Пётр', cancelled: false }],
  [4, { full_name: 'Ли Анна', cancelled: true }],
  [5, { full_name: 'Мамытов Данияр', cancelled: false }],
  [6, { full_name: 'Нурланова Жанна', cancelled: false }],
]);

describe('a room plan', () => {
  it('counts the places a room takes, a cancelled tourist taking none, and says when it is over', () => {
    const room = { room_type: 'DBL' as const, participant_ids: [1, 4, 2] };
    expect(takenIn(room, people)).toBe(2);
    expect(roomProblem(room, 0, people)).toBeNull();
    expect(roomProblem({ ...room, room_type: 'SGL' }, 2, people)).toBe(
      'В номере 3 (SGL) не больше 1 чел.',
    );
    expect(placesOf([room, { room_type: 'TRPL', participant_ids: [] }])).toBe(5);
  });

  it('finds who is covered and in no room, and lets go of who is no longer covered', () => {
    const plan = [
      { room_type: 'DBL' as const, participant_ids: [3, 1] },
      { room_type: 'SGL' as const, participant_ids: [] },
    ];
    expect(unplacedOf(plan, [1, 2, 3, 5])).toEqual([2, 5]);
    expect(keepCovered(plan, new Set([1, 2]))).toEqual([
      { room_type: 'DBL', participant_ids: [1] },
      { room_type: 'SGL', participant_ids: [] },
    ]);
  });

  it('places in order: free places first, then new rooms of the type chosen', () => {
    const plan = [
      { room_type: 'DBL' as const, participant_ids: [1, 4] },
      { room_type: 'SGL' as const, participant_ids: [] },
    ];
    // Ли Анна has cancelled: the DBL still has a place for Бекова Нурия.
    expect(placeInOrder(plan, [2, 3, 5, 6, 7], people, 'TWN')).toEqual([
      { room_type: 'DBL', participant_ids: [1, 4, 2] },
      { room_type: 'SGL', participant_ids: [3] },
      { room_type: 'TWN', participant_ids: [5, 6] },
      { room_type: 'TWN', participant_ids: [7] },
    ]);
    // Nobody already placed moves, and the plan given is left as it was.
    expect(plan[0]!.participant_ids).toEqual([1, 4]);
  });
});
