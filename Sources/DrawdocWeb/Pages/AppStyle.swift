/// The pages' one style sheet.
enum AppStyle {
  static let css = #"""
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; --accent: #2563eb;
            --line: #8886; --soft: #8881; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; }
    button, input { font: inherit; }
    button { padding: 0.35rem 0.7rem; border: 1px solid var(--line); border-radius: 0.4rem;
             background: var(--soft); color: inherit; cursor: pointer; min-height: 2.2rem; }
    button:disabled { opacity: 0.4; cursor: default; }
    button.danger { border-color: #c33a; }
    input { padding: 0.3rem 0.4rem; border: 1px solid var(--line); border-radius: 0.3rem;
            background: transparent; color: inherit; min-height: 2.2rem; }
    a { color: var(--accent); }
    h1 { font-size: 1.3rem; margin: 0; }
    h2 { font-size: 1rem; margin: 0 0 0.5rem; }
    .bar { display: flex; gap: 0.75rem; align-items: center; padding: 0.6rem 1rem;
           border-bottom: 1px solid var(--line); position: sticky; top: 0;
           background: Canvas; z-index: 2; }
    .status { margin-left: auto; font-size: 0.85rem; opacity: 0.7; }
    .error { color: #c33; margin: 0.3rem 0; min-height: 1.2em; font-size: 0.9rem; }
    .hint, .empty { font-size: 0.85rem; opacity: 0.75; }
    .mono { font-family: ui-monospace, monospace; }

    /* The drawings page */
    .drawings { max-width: 76rem; margin: 0 auto; padding: 1rem; }
    .create { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end;
              padding: 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem; }
    .create h2 { flex-basis: 100%; }
    .create label { display: flex; flex-direction: column; font-size: 0.85rem; gap: 0.2rem; }
    .cards { list-style: none; margin: 1rem 0; padding: 0; display: grid; gap: 1rem;
             grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); }
    .card { border: 1px solid var(--line); border-radius: 0.5rem; overflow: hidden;
            display: flex; flex-direction: column; }
    .card .picture { aspect-ratio: 4 / 3; display: flex; align-items: center;
                     justify-content: center;
                     background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%)
                       0 0 / 16px 16px; }
    .card .picture img { max-width: 100%; max-height: 100%; }
    .card .text { padding: 0.5rem 0.75rem; }
    .card .title { font-weight: 600; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
    .card .meta { font-size: 0.82rem; opacity: 0.75; margin: 0; }
    .card .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; padding: 0 0.75rem 0.75rem; }
    .card form.rename { display: flex; gap: 0.4rem; }
    .card form.rename input { flex: 1; min-width: 0; }
    .trash ul { list-style: none; padding: 0; margin: 0; }
    .trash li { display: flex; gap: 0.75rem; align-items: center; padding: 0.3rem 0;
                border-bottom: 1px solid var(--soft); }

    /* The editor */
    .editor { display: flex; gap: 1rem; padding: 1rem; align-items: flex-start; }
    .title { flex: 1; min-width: 0; font-weight: 600; }
    .stage { position: relative; flex: 0 1 auto; min-width: 0; touch-action: none; outline: none;
             user-select: none; -webkit-user-select: none; }
    .stage:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    .canvas { line-height: 0; background: #fff; width: fit-content; max-width: 100%;
              box-shadow: 0 0 0 1px var(--line); }
    .canvas svg { display: block; max-width: 100%; height: auto; }
    .overlay { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible; }
    .overlay .outline { fill: none; stroke: var(--accent); stroke-width: 2;
                        vector-effect: non-scaling-stroke; }
    .overlay .ghost { fill-opacity: 0.45; stroke: var(--accent); stroke-width: 1.5;
                      stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; }
    .overlay .handle { fill: Canvas; stroke: var(--accent); stroke-width: 1.5;
                       vector-effect: non-scaling-stroke; pointer-events: all;
                       cursor: nwse-resize; }
    .overlay .handle.ne, .overlay .handle.sw { cursor: nesw-resize; }
    .panel { width: 19rem; flex: none; margin-left: auto; display: flex; flex-direction: column; gap: 1rem; }
    .panel section, .panel form { border: 1px solid var(--line); border-radius: 0.5rem;
                                  padding: 0.75rem; display: flex; flex-wrap: wrap;
                                  gap: 0.5rem; align-items: center; }
    .panel h2, .panel .hint { flex-basis: 100%; margin: 0; }
    .panel label { display: flex; flex-direction: column; font-size: 0.85rem; gap: 0.2rem; }
    .selection label { flex: 1 1 40%; }
    .selection input { width: 100%; }
    .selection .row { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 0.4rem;
                      align-items: center; }
    .selection .order button { flex: 1 1 auto; }
    .selection .row input[type=range] { flex: 1; }
    .selection dl { flex-basis: 100%; margin: 0; display: flex; gap: 0.5rem; }
    .selection dt { opacity: 0.7; }
    .selection dd { margin: 0; }
    .add label { flex: 1 1 28%; }
    .add input { width: 100%; }
    .export a { padding: 0.35rem 0.7rem; border: 1px solid var(--line);
                border-radius: 0.4rem; text-decoration: none; }
    .export label { flex-direction: row; align-items: center; }

    @media (max-width: 760px) {
      .editor { flex-direction: column; padding: 0.5rem; }
      .panel { width: 100%; }
      .bar { padding: 0.5rem; }
    }
    """#
}
