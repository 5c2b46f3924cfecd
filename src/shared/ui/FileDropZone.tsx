import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import styles from './FileDropZone.module.css';

/** Whether a drag carries files (not a text or a link dragged across the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Drag and drop around a file input (issue 33): files dropped on it go to `onFiles`, the same way
 * as the ones chosen with the input's button, which stays the way in by keyboard. While files are
 * dragged over it, it is highlighted; disabled, it takes nothing.
 */
export function FileDropZone({
  disabled = false,
  onFiles,
  children,
}: {
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The file input (and what goes with it). */
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every element inside: count them to know when it has left.
  const depth = useRef(0);
  return (
    <div
      className={styles.zone}
      data-dragging={over && !disabled ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        // Without this the browser opens the file instead of dropping it here.
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        // The input would take the files itself as well (and send them twice): this drop is ours.
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        if (!disabled) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      {children}
      <span className={styles.hint} aria-hidden="true">
        or drop files here
      </span>
    </div>
  );
}
