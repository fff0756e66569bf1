#include "report/html/html_style.hpp"

namespace edgetop::html {

std::string_view style_sheet() {
    // Series colours: a palette distinguishable by most colour-blind readers (Tableau 10 plus
    // two), lighter on the dark background. Lines, legend keys and bars take s0..s11.
    static constexpr std::string_view css = R"css(
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1c1e21;--muted:#5f6368;--grid:#e3e5e8;
--axis:#3c4043;--panel:#f6f7f9;--border:#d0d4d9;--flag:#d93025;--trip:#b3261e;
--c0:#1f77b4;--c1:#d62728;--c2:#2ca02c;--c3:#ff7f0e;--c4:#9467bd;--c5:#8c564b;--c6:#e377c2;
--c7:#7f7f7f;--c8:#bcbd22;--c9:#17becf;--c10:#393b79;--c11:#637939}
@media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e8eaed;--muted:#9aa0a6;
--grid:#2c3036;--axis:#bdc1c6;--panel:#1f2227;--border:#3c4043;--flag:#f28b82;--trip:#f28b82;
--c0:#6baed6;--c1:#ff6b6b;--c2:#74c476;--c3:#fdae6b;--c4:#b794f4;--c5:#c49c94;--c6:#f7b6d2;
--c7:#c7c7c7;--c8:#dbdb8d;--c9:#9edae5;--c10:#8c8ff0;--c11:#b5cf6b}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:980px;padding:16px 20px 40px;background:var(--bg);color:var(--fg);
font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
h1{font-size:22px;margin:8px 0 4px}h2{font-size:19px;margin:28px 0 8px;padding-top:12px;
border-top:2px solid var(--border)}h3{font-size:16px;margin:20px 0 6px}
p.sub,p.note,footer{color:var(--muted)}p.note{font-size:12px;margin:4px 0 0}
table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}
th,td{padding:3px 10px;border-bottom:1px solid var(--border);text-align:right;vertical-align:top}
th{background:var(--panel);font-weight:600}
td:first-child,th:first-child,table.facts td,table.facts th{text-align:left}
table.facts th{background:none;color:var(--muted);font-weight:normal;padding-left:0}
.wide{overflow-x:auto}
code,pre{font:12px/1.4 ui-monospace,"DejaVu Sans Mono",monospace}
pre{white-space:pre-wrap;word-break:break-all;margin:2px 0 8px;padding:6px 8px;
background:var(--panel);border-radius:4px}
figure{margin:14px 0 18px;padding:8px 10px;background:var(--panel);border:1px solid var(--border);
border-radius:6px}
figcaption{font-weight:600;margin-bottom:4px}
svg.chart{display:block;width:100%;height:auto}
svg text{fill:var(--fg);font-size:11px}
svg text.label{font-size:12px;fill:var(--muted)}
svg text.trip-label{fill:var(--trip);font-size:10px}
svg text.lane-label{font-size:11px;font-weight:600}
svg text.value{font-size:11px}
line.grid{stroke:var(--grid);stroke-width:1}line.axis{stroke:var(--axis);stroke-width:1}
line.trip{stroke:var(--trip);stroke-width:1;stroke-dasharray:6 4}
rect.span{fill:var(--flag);opacity:.12}rect.flag{fill:var(--flag);opacity:.75}
polyline.ln{fill:none;stroke-width:1.3;stroke-linejoin:round}
polyline.dash{stroke-dasharray:5 3}
.s0{stroke:var(--c0);fill:var(--c0)}.s1{stroke:var(--c1);fill:var(--c1)}
.s2{stroke:var(--c2);fill:var(--c2)}.s3{stroke:var(--c3);fill:var(--c3)}
.s4{stroke:var(--c4);fill:var(--c4)}.s5{stroke:var(--c5);fill:var(--c5)}
.s6{stroke:var(--c6);fill:var(--c6)}.s7{stroke:var(--c7);fill:var(--c7)}
.s8{stroke:var(--c8);fill:var(--c8)}.s9{stroke:var(--c9);fill:var(--c9)}
.s10{stroke:var(--c10);fill:var(--c10)}.s11{stroke:var(--c11);fill:var(--c11)}
polyline.ln{fill:none}
ul.legend{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:2px 14px;
font-size:12px}
ul.legend li{display:flex;align-items:center;gap:5px}
span.key{display:inline-block;width:14px;height:4px;border-radius:2px}
.key.s0{background:var(--c0)}.key.s1{background:var(--c1)}.key.s2{background:var(--c2)}
.key.s3{background:var(--c3)}.key.s4{background:var(--c4)}.key.s5{background:var(--c5)}
.key.s6{background:var(--c6)}.key.s7{background:var(--c7)}.key.s8{background:var(--c8)}
.key.s9{background:var(--c9)}.key.s10{background:var(--c10)}.key.s11{background:var(--c11)}
.key.dash{height:2px;border-top:2px dashed var(--bg)}
ul.problems{color:var(--trip)}
footer{margin-top:30px;padding-top:10px;border-top:1px solid var(--border);font-size:12px}
@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--panel:#fff;--grid:#ddd;--border:#bbb;
--axis:#000;--flag:#d93025;--trip:#b3261e;
--c0:#1f77b4;--c1:#d62728;--c2:#2ca02c;--c3:#ff7f0e;--c4:#9467bd;--c5:#8c564b;--c6:#e377c2;
--c7:#7f7f7f;--c8:#bcbd22;--c9:#17becf;--c10:#393b79;--c11:#637939}
body{max-width:none;padding:0;font-size:11px}figure{break-inside:avoid;border:none;padding:0}
section.session{break-before:page}section.session:first-of-type{break-before:auto}
table{break-inside:auto}tr{break-inside:avoid}.wide{overflow:visible}}
)css";
    return css;
}

}  // namespace edgetop::html
