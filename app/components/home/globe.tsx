/** The 'Globe of Dissent' drawing: meridians, parallels and points of light, slowly turning. */
export function Globe({ label }: { label: string }) {
  const points = [
    [212, 170], [236, 214], [190, 236], [258, 250], [170, 196], [226, 286], [280, 200], [150, 262], [246, 158], [200, 300],
  ];
  return (
    <svg viewBox="0 0 400 400" width="400" height="400" role="img" aria-label={label} className="h-auto w-full max-w-sm">
      <defs>
        <radialGradient id="globe-shade" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#1d7a4d" />
          <stop offset="100%" stopColor="#0b3b24" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="200" r="170" fill="url(#globe-shade)" />
      <g fill="none" stroke="#f0cf73" strokeOpacity="0.35" strokeWidth="1.5">
        {[40, 80, 120, 160].map((rx) => (
          <ellipse key={rx} cx="200" cy="200" rx={rx} ry="170" className="globe-meridian" />
        ))}
        {[-120, -60, 0, 60, 120].map((y) => (
          <ellipse key={y} cx="200" cy={200 + y} rx={Math.sqrt(170 * 170 - y * y)} ry={Math.max(6, 24 - Math.abs(y) / 8)} />
        ))}
      </g>
      <g className="globe-points">
        {points.map(([x, y], index) => (
          <circle key={index} cx={x} cy={y} r={index % 3 === 0 ? 7 : 4.5} fill={index % 2 ? "#e0b84a" : "#faf7f0"} />
        ))}
      </g>
      <circle cx="200" cy="200" r="170" fill="none" stroke="#e0b84a" strokeWidth="3" />
    </svg>
  );
}
