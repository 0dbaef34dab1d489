import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * The receiver signs with a finger (or a mouse): pointer events on a canvas. `onChange` gets the
 * PNG data URL after each stroke, or null when cleared.
 */
export function SignaturePad({ onChange, id }: { onChange: (png: string | null) => void; id: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    drawn.current = true;
  };
  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <div>
      <Flex justify="space-between" align="center">
        <Typography.Text strong id={`${id}-label`}>
          Signature
        </Typography.Text>
        <Button size="small" onClick={clear}>
          Clear signature
        </Button>
      </Flex>
      <canvas
        ref={canvas}
        id={id}
        width={700}
        height={260}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-label="Signature pad: the receiver signs here with a finger"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          width: '100%',
          height: 130,
          border: '1px solid #bbb',
          borderRadius: 6,
          touchAction: 'none',
          background: '#fff',
          display: 'block',
          marginTop: 4,
        }}
      />
    </div>
  );
}
