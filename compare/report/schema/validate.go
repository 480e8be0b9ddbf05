// Package schema validates JSON against the part of JSON Schema
// (2020-12) that gridsat's schemas (export.schema.json) use, so that tests
// check every export against its schema without a schema library.
package schema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// A validator of the part of JSON Schema (2020-12) that
// schema/export.schema.json uses: type, enum, const, required,
// properties, additionalProperties false, items, $ref to #/$defs,
// minimum, maximum and pattern. A keyword it does not know is an error,
// so that the schema cannot grow past what the tests check.

// schemaKeywords are the keywords validate knows; the rest document.
var schemaKeywords = map[string]bool{"type": true, "enum": true, "const": true, "required": true, "properties": true,
	"additionalProperties": true, "items": true, "$ref": true, "minimum": true, "maximum": true, "pattern": true,
	"description": true, "title": true, "$schema": true, "$id": true, "$defs": true, "x-csv-columns": true}

// Validate checks the JSON value v against the schema doc (both as
// encoding/json decodes into an any) and returns every violation, each
// naming its JSON path ($ for the root).
func Validate(doc map[string]any, v any) []string { return validate(doc, doc, v, "$") }

// ValidateDef checks v against the schema's $defs entry name.
func ValidateDef(doc map[string]any, name string, v any, path string) []string {
	def, _ := doc["$defs"].(map[string]any)[name].(map[string]any)
	if def == nil {
		return []string{path + ": the schema has no $defs entry " + name}
	}
	return validate(doc, def, v, path)
}

// validate checks the JSON value v (as encoding/json decodes it into an
// any) against schema s (likewise), root being the whole schema for
// $ref; it returns every violation, each naming its JSON path.
func validate(root, s map[string]any, v any, path string) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	for k := range s {
		if !schemaKeywords[k] {
			bad("schema keyword %q is not one the validator knows", k)
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		def, _ := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if def == nil {
			bad("unknown $ref %s", ref)
			return errs
		}
		return append(errs, validate(root, def, v, path)...)
	}
	if t, ok := s["type"]; ok && !typeIs(t, v) {
		bad("%v is not of type %v", v, t)
		return errs
	}
	if c, ok := s["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		bad("%v is not %v", v, c)
	}
	if e, ok := s["enum"].([]any); ok && !inEnum(e, v) {
		bad("%v is not one of %v", v, e)
	}
	if f, ok := v.(float64); ok {
		if m, ok := s["minimum"].(float64); ok && f < m {
			bad("%v is below the minimum %v", f, m)
		}
		if m, ok := s["maximum"].(float64); ok && f > m {
			bad("%v is above the maximum %v", f, m)
		}
	}
	if p, ok := s["pattern"].(string); ok {
		if str, ok := v.(string); ok && !regexp.MustCompile(p).MatchString(str) {
			bad("%q does not match %s", str, p)
		}
	}
	if obj, ok := v.(map[string]any); ok {
		errs = append(errs, validateObject(root, s, obj, path)...)
	}
	if arr, ok := v.([]any); ok {
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range arr {
				errs = append(errs, validate(root, items, x, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return errs
}

// validateObject checks an object's required, properties and
// additionalProperties.
func validateObject(root, s map[string]any, obj map[string]any, path string) []string {
	var errs []string
	props, _ := s["properties"].(map[string]any)
	if req, ok := s["required"].([]any); ok {
		for _, k := range req {
			if _, ok := obj[k.(string)]; !ok {
				errs = append(errs, fmt.Sprintf("%s: required %q is missing", path, k))
			}
		}
	}
	for k, x := range obj {
		ps, ok := props[k].(map[string]any)
		if !ok {
			if s["additionalProperties"] == false {
				errs = append(errs, fmt.Sprintf("%s: %q is not a property the schema names", path, k))
			}
			continue
		}
		errs = append(errs, validate(root, ps, x, path+"."+k)...)
	}
	return errs
}

// typeIs reports whether v is of the JSON type t (a name or a list).
func typeIs(t any, v any) bool {
	if list, ok := t.([]any); ok {
		for _, x := range list {
			if typeIs(x, v) {
				return true
			}
		}
		return false
	}
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	}
	return false
}

// inEnum reports whether v is one of e.
func inEnum(e []any, v any) bool {
	for _, x := range e {
		if x == v {
			return true
		}
	}
	return false
}

// Load decodes a schema.
func Load(text []byte) (map[string]any, error) {
	var s map[string]any
	if err := json.Unmarshal(text, &s); err != nil {
		return nil, fmt.Errorf("reading a JSON schema: %w", err)
	}
	return s, nil
}
