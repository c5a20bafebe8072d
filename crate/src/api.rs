//! Argument values as they arrive from JS (or a scenario script), and the error every public entry
//! point returns for a bad one. Validation lives here, in the core, so native tests cover it; the
//! wasm binding only converts `JsValue`s into [`Value`]s.

use std::fmt;

/// A loosely typed argument: a JS number, string, boolean or null/undefined.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Num(f64),
    Str(String),
    Bool(bool),
    Null,
    /// Anything else (an object, an array, a function…), by its type name.
    Other(String),
}

/// Values cross back to JS as what they were: a number, a string, a boolean or null.
impl crate::json::ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Num(n) => n.write_json(out),
            Value::Str(t) | Value::Other(t) => t.write_json(out),
            Value::Bool(b) => b.write_json(out),
            Value::Null => out.push_str("null"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Value {
    fn describe(&self) -> String {
        match self {
            Value::Num(n) => number_text(*n),
            Value::Str(s) => quoted(s),
            Value::Bool(b) => format!("{b}"),
            Value::Null => "null".to_string(),
            Value::Other(t) => format!("a value of type {t}"),
        }
    }
}

/// `"text"` with quotes and control characters escaped, for error messages (JSON's quoting:
/// `{:?}` would pull Unicode tables into the wasm module).
pub(crate) fn quoted(s: &str) -> String {
    crate::json::to_json(s)
}

/// A number as JS would print it, for error messages, without pulling float formatting into the
/// wasm module: integers exactly, others to six decimals.
pub(crate) fn number_text(n: f64) -> String {
    if n.is_nan() {
        return "NaN".to_string();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    let sign = if n < 0.0 { "-" } else { "" };
    let a = n.abs();
    if a >= 1e15 {
        let exp = a.log10().floor() as i32;
        return format!("{sign}{}e+{exp}", (a / 10f64.powi(exp)).round() as u64);
    }
    let whole = a.trunc() as u64;
    let micro = ((a - a.trunc()) * 1e6).round() as u64;
    if micro == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{}", format!("{micro:06}").trim_end_matches('0'))
    }
}

/// A rejected call: names the argument and what it accepts. The call changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub argument: String,
    pub message: String,
}

impl ApiError {
    pub fn new(argument: &str, message: impl Into<String>) -> ApiError {
        ApiError { argument: argument.to_string(), message: message.into() }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.argument, self.message)
    }
}

impl std::error::Error for ApiError {}

/// An integer argument in `lo..=hi`; rejects fractions, NaN, strings and out-of-range values.
pub fn int_arg(name: &str, v: &Value, lo: u64, hi: u64) -> Result<u64, ApiError> {
    match v {
        Value::Num(n) if n.fract() == 0.0 && *n >= lo as f64 && *n <= hi as f64 => Ok(*n as u64),
        other => Err(ApiError::new(name, format!("must be an integer from {lo} to {hi}, got {}", other.describe()))),
    }
}

pub fn bool_arg(name: &str, v: &Value) -> Result<bool, ApiError> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(ApiError::new(name, format!("must be true or false, got {}", other.describe()))),
    }
}

/// One of a fixed set of strings.
pub fn choice_arg<'a>(name: &str, v: &Value, allowed: &[&'a str]) -> Result<&'a str, ApiError> {
    // A number is accepted where its text is allowed (`version: 2.8` as well as `"2.8"`).
    let text = match v {
        Value::Str(s) => Some(s.clone()),
        Value::Num(n) => Some(number_text(*n)),
        _ => None,
    };
    if let Some(a) = text.and_then(|t| allowed.iter().find(|a| **a == t)) {
        return Ok(a);
    }
    Err(ApiError::new(
        name,
        format!("must be one of {}, got {}", allowed.iter().map(|a| quoted(a)).collect::<Vec<_>>().join(", "), v.describe()),
    ))
}

/// Rejects keys outside `known`, naming the key and listing the allowed ones.
pub fn check_keys(what: &str, pairs: &[(String, Value)], known: &[&str]) -> Result<(), ApiError> {
    for (k, _) in pairs {
        if !known.contains(&k.as_str()) {
            let name = if k.is_empty() { "\"\"" } else { k.as_str() };
            return Err(ApiError::new(name, format!("unknown {what} key; allowed keys: {}", known.join(", "))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_js_would() {
        for (n, text) in
            [(2.0, "2"), (-1.0, "-1"), (2.5, "2.5"), (0.125, "0.125"), (f64::NAN, "NaN"), (f64::INFINITY, "Infinity"), (1e300, "1e+300")]
        {
            assert_eq!(number_text(n), text);
        }
    }
}
