import type { Key, ReactNode } from "react";

type ListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  empty?: ReactNode;
  className?: string;
};

/** A typed list: the item type flows from `items` into `renderItem`. */
export const List = <T,>({ items, getKey, renderItem, empty = null, className }: ListProps<T>) => {
  if (items.length === 0) {
    return <>{empty}</>;
  }
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={getKey(item)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
};
