import { InboxOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type DragEvent } from 'react';

interface CsvDropZoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/** Drop a CSV file here, or choose one; anything else is refused with a reason. */
export function CsvDropZone({ onFile, disabled = false }: CsvDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const take = (file: File | undefined) => {
    if (!file || disabled) return;
    if (!isCsv(file)) {
      setRefusal(`${file.name} is not a CSV file.`);
      return;
    }
    setRefusal(null);
    onFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <div
        role="group"
        aria-label="CSV file drop zone"
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={drop}
        className={`flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition ${
          isOver ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60'
        }`}
      >
        <InboxOutlined aria-hidden="true" className="text-4xl text-brand-600" />
        <p className="mt-3 text-sm font-medium text-slate-800">Drop a CSV file here</p>
        <p className="mt-1 text-xs text-slate-500">
          Its first line names the columns. An interrupted upload resumes when you drop the same
          file again.
        </p>
        <Button className="!mt-4" disabled={disabled} onClick={() => input.current?.click()}>
          Choose a file
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          className="hidden"
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {refusal}
        </p>
      )}
    </div>
  );
}
