/**
 * `asChild` for the UI kit: renders its one child element with the slot's props merged in, as Radix's Slot
 * does for the cases the kit uses (a link styled as a button, a form control given its ids). The child's
 * own props win, except that event handlers both run (the child's first), classes join, styles merge and
 * both refs are set.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

const isHandler = (key: string, value: unknown): value is (...args: unknown[]) => unknown =>
  /^on[A-Z]/u.test(key) && typeof value === 'function';

export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
      return undefined;
    });
    return () => {
      refs.forEach((ref, index) => {
        const cleanup = cleanups[index];
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      });
    };
  };
}

export function mergeSlotProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const [key, value] of Object.entries(slot)) {
    const own = child[key];
    if (own === undefined) continue;
    if (isHandler(key, value) && isHandler(key, own)) {
      merged[key] = (...args: unknown[]) => {
        const result = own(...args);
        value(...args);
        return result;
      };
    } else if (key === 'className') {
      merged[key] = [value, own].filter(Boolean).join(' ');
    } else if (key === 'style') {
      merged[key] = { ...(value as object), ...(own as object) };
    }
  }
  return merged;
}

export function Slot<E extends Element = HTMLElement>({
  children,
  ref,
  ...props
}: { children?: ReactNode; ref?: Ref<E> | undefined } & Props) {
  const child = Children.only(children);
  if (!isValidElement<Props & { ref?: Ref<E> }>(child)) return null;
  const merged = mergeSlotProps(props, child.props);
  const childRef = child.props.ref;
  if (ref && childRef) merged.ref = mergeRefs(ref, childRef);
  else if (ref) merged.ref = ref;
  return cloneElement(child as ReactElement<Props>, merged);
}
