"use client";
import { useEffect, useState } from "react";

export function QrCode({ text, size = 160 }: { text: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // the encoder loads only where a QR code is shown
    import("qrcode")
      .then((QRCode) => QRCode.toString(text, { type: "svg", margin: 1, width: size, errorCorrectionLevel: "M" }))
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!svg) return <div style={{ width: size, height: size }} className="animate-pulse rounded bg-stone-200 dark:bg-stone-800" />;
  return <div role="img" aria-label={`QR code for ${text}`} className="rounded bg-white p-1" style={{ width: size, height: size }} dangerouslySetInnerHTML={{ __html: svg }} />;
}
