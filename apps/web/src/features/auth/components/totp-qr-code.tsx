import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth URL as a QR code an authenticator app reads (qrcode, drawn as SVG). */
export function TotpQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    qrSvg(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (drawn) => {
        if (active) setSvg(drawn);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [otpauthUrl]);
  return (
    <div className="h-44 w-44 rounded-lg bg-white p-1">
      {svg ? <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt="認証アプリで読み取るQRコード" className="h-full w-full" /> : null}
    </div>
  );
}
