import { Type, type Static } from '@sinclair/typebox';

/** The travel pack's answer: a ZIP archive of DOCX papers. */
export const ZIP_MIME = 'application/zip';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description });

/** An answer that is a ZIP file (the OpenAPI document names its type). */
export const ZipFile = {
  description: 'Архив ZIP с документами DOCX; имя — в Content-Disposition (filename и filename*)',
  content: { [ZIP_MIME]: { schema: { type: 'string', format: 'binary' } } },
};

/** GET /agent/tourists/:id/trip/:tripId/travel-pack: the agent's tourist on a trip. */
export const AgentTravelPackParams = Type.Object({
  id: Id('Турист агента'),
  tripId: Id('Тур, в котором турист участвует'),
});
export type AgentTravelPackParams = Static<typeof AgentTravelPackParams>;
