package report

import (
	"html/template"
	"sync"
)

// htmlTemplate is the report page. Everything it needs is inline: the
// style, the sorting script, the plots and the boards (SVG). It is parsed
// on first use, not when the program starts: most runs of gridsat write
// no HTML, and every run would pay for the parse.
var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(htmlPageSource))
})

const htmlPageSource = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.Style}}</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
{{- if gt (len .Sections) 1}}
<nav>{{range .Sections}}<a href="#{{.ID}}">{{.Name}}</a> {{end}}</nav>
{{- end}}
</header>
{{range .Sections -}}
<section id="{{.ID}}">
<h2>{{.Name}}</h2>
<h3>Summary</h3>
{{range .Machine}}<p class="machine">{{.}}</p>
{{end -}}
{{template "table" .Summary}}
{{range .Notes}}<p class="note">{{.}}</p>
{{end -}}
<h3>Problems</h3>
{{if .Problems -}}
<p class="bad">PROBLEMS ({{len .Problems}}):</p>
<ul class="problems">{{range .Problems}}
<li>{{.}}</li>{{end}}
</ul>
{{- else -}}
<p class="good">None: every answer passed the verifier and the solvers agree.</p>
{{- end}}
<h3>Plots</h3>
<div class="plots">{{range .Plots}}
<figure class="plot">{{if .SVG}}{{.SVG}}{{else}}<p class="note">no {{.Title}} plot: {{.Err}}</p>{{end}}<figcaption>{{.Title}}</figcaption></figure>{{end}}
</div>
<h3>Runs</h3>
<p class="note">Click a column's heading to sort by it, again to reverse the order; "show" opens the boards the solvers answered.</p>
<div class="scroll">
{{template "table" .Runs}}
</div>
<details class="all-columns"><summary>Every column: cells, each solver's statistics and steps</summary>
<div class="scroll">
{{template "table" .RunsAll}}
</div>
</details>
{{if .Reasons -}}
<p class="note">Why (each verdict's reason, by its number in the table):</p>
<ol class="reasons">{{range .Reasons}}
<li id="{{.ID}}" value="{{.N}}">{{.Text}}</li>{{end}}
</ol>
{{end -}}
</section>
{{end -}}
<script>{{.Script}}</script>
</body>
</html>
{{define "table"}}<table class="sortable" id="{{.ID}}">
<thead><tr>{{range .Head}}<th{{if .Kind}} data-type="{{.Kind}}"{{end}}{{if .Title}} title="{{.Title}}"{{end}}>{{.Label}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}
{{template "row" .}}{{end}}
</tbody>{{if .Footer}}
<tfoot>{{range .Footer}}
{{template "row" .}}{{end}}
</tfoot>{{end}}
</table>{{end}}
{{- define "row"}}<tr{{if .Class}} class="{{.Class}}"{{end}}>
{{- range .Cells}}<td{{if .Sort}} data-v="{{.Sort}}"{{end}}{{if .Class}} class="{{.Class}}"{{end}}{{if .Title}} title="{{.Title}}"{{end}}>{{.Text}}{{if .Note}} <sup class="why"><a href="#{{.NoteID}}">[{{.Note}}]</a></sup>{{end}}</td>{{end}}
{{- if .BoardCell}}<td class="boards">{{if .Boards}}<details><summary>show</summary>
{{- range .Boards}}<figure class="board">{{.SVG}}<figcaption>{{.Label}}</figcaption></figure>{{end -}}
</details>{{else}}<span class="note">{{.BoardNote}}</span>{{end}}</td>{{end -}}
</tr>{{end}}`

const htmlStyle = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { border-bottom: 2px solid #ddd; margin-top: 2em; }
nav a { margin-right: 1em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; white-space: nowrap; }
th { background: #f3f3f3; }
th[data-type] { cursor: pointer; }
th[aria-sort=ascending]::after { content: " \25B2"; }
th[aria-sort=descending]::after { content: " \25BC"; }
td[data-v] { font-variant-numeric: tabular-nums; }
tr.bad td { background: #fdecea; }
p.machine { margin: .1em 0; color: #555; font-size: .9em; }
.bad { color: #b00020; font-weight: bold; }
.good { color: #1f7a3a; }
tfoot tr.vbs td { font-style: italic; border-top: 2px solid #888; }
.v-ok { color: #1f7a3a; } .v-unsat { color: #1f5fbf; }
.v-timeout, .v-memout { color: #b35c00; } .v-error, .v-wrong { color: #b00020; font-weight: bold; }
.scroll { overflow-x: auto; }
.plots { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; }
figure.plot svg { width: 860px; max-width: 100%; height: auto; }
figure.board { display: inline-block; margin: .3em; vertical-align: top; }
figure.board svg { max-width: 360px; height: auto; }
figcaption { color: #555; font-size: .9em; }
.note { color: #555; }
`

// htmlScript sorts a table by the column whose heading is clicked (or
// activated by Enter or Space): numbers by each cell's data-v, text by the
// cell's text, empty cells last either way, the footer left in place.
const htmlScript = `
(function () {
  function key(td) {
    var v = td.getAttribute("data-v");
    return v === null ? td.textContent.trim() : v;
  }
  function compare(a, b, numeric) {
    if (numeric) { return parseFloat(a) - parseFloat(b); }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  function sortBy(table, col, th) {
    var asc = th.getAttribute("aria-sort") !== "ascending";
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) { heads[i].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var numeric = th.getAttribute("data-type") === "num";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (r, i) { r._order = i; });
    rows.sort(function (r1, r2) {
      var a = key(r1.cells[col]), b = key(r2.cells[col]);
      if (a === "" || b === "") {
        if (a === b) { return r1._order - r2._order; }
        return a === "" ? 1 : -1;
      }
      var c = compare(a, b, numeric);
      if (c === 0) { return r1._order - r2._order; }
      return asc ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  var tables = document.querySelectorAll("table.sortable");
  Array.prototype.forEach.call(tables, function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      if (!th.hasAttribute("data-type")) { return; }
      th.tabIndex = 0;
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(table, col, th); }
      });
    });
  });
})();
`
