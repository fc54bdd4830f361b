import { Fragment } from 'react';

/**
 * An e-mail address that may wrap after its «@» and before each dot of its domain, and nowhere
 * else: a list keeps its words whole, so a long address would otherwise widen its column.
 */
export function EmailText({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  const [host, ...rest] = address.slice(at + 1).split('.');
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {host}
      {rest.map((part, index) => (
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}
