/**
 * What is wrong with what was typed or tapped, announced as it appears (`role="alert"`); nothing
 * while there is no problem. `id` lets the field it is about point at it (aria-describedby).
 */
export function Problem({ id, message }: { readonly id?: string; readonly message: string | null }) {
  return message ? (
    <p id={id} className="wz-error" role="alert">
      {message}
    </p>
  ) : null;
}
