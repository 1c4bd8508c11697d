/** A page of the sandbox's identity provider: plain HTML, in Portuguese, readable without the app's styles. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Provedor de identidade do sandbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #6b6b76;border-radius:4px}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font-size:1rem;background:#1f4fa3;color:#fff;border:0;border-radius:4px}
.error{color:#a11a1a;font-weight:600}
.hint{color:#3d3d45;font-size:.9rem}
code{background:#eceef3;padding:0 .2rem}
</style>
</head>
<body>
<p class="hint">Provedor de identidade do sandbox: a conta da equipe do banco, fora de produção.</p>
${body}
</body>
</html>`;
}
