//! What crosses to JS, written as JSON text: the wasm binding hands the string to `JSON.parse`.
//! One string per call instead of a JS call per field keeps the snapshot cheap, and a few
//! hundred lines of writer keep the wasm module small (serde's per-type code did not).
//!
//! `json_object!` lists a struct's fields with their JS names (camelCase, as docs/api.md gives
//! them); `None` is `null`, numbers are integers.

/// A value that writes itself as JSON.
pub trait ToJson {
    fn write_json(&self, out: &mut String);
}

/// `v` as a JSON text.
pub fn to_json<T: ToJson + ?Sized>(v: &T) -> String {
    let mut out = String::new();
    v.write_json(&mut out);
    out
}

/// Writes `{"key":value,…}` for a struct's fields.
#[macro_export]
macro_rules! json_object {
    ($ty:ty { $($key:literal => $($field:ident).+),+ $(,)? }) => {
        impl $crate::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                let start = out.len();
                $(
                    out.push_str(concat!(",\"", $key, "\":"));
                    $crate::json::ToJson::write_json(&self.$($field).+, out);
                )+
                // The first field's comma opens the object.
                out.replace_range(start..start + 1, "{");
                out.push('}');
            }
        }
    };
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            fn write_json(&self, out: &mut String) {
                write_integer(out, i128::from(*self));
            }
        }
    )*};
}
integers!(u8, u16, u32, u64, i16, i32, i64);

impl ToJson for usize {
    fn write_json(&self, out: &mut String) {
        write_integer(out, *self as i128);
    }
}

/// Digits without `core::fmt` (its machinery is what the module avoids on the hot path). Every
/// integer written is a 64-bit one at most, so the digits are found in 64-bit arithmetic: wasm
/// divides 128-bit integers in software, and a snapshot writes a thousand numbers (issue #6).
fn write_integer(out: &mut String, n: i128) {
    if n < 0 {
        out.push('-');
    }
    let mut m = n.unsigned_abs() as u64;
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// A number from JS or a script (a config or produce value): the model's values are integers;
/// others (rejected by validation anyway) are written as the error messages show them, without
/// float formatting code.
impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        if self.is_finite() {
            out.push_str(&crate::api::number_text(*self));
        } else {
            out.push_str("null"); // as JSON.stringify writes NaN and ±Infinity
        }
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if (c as u32) < 0x20 => write_escape(out, c as u16),
                c if c.is_ascii() => out.push(c),
                // Escaped, so the text is ASCII: V8 then keeps it in one byte a character, and
                // decodes and parses it a quarter faster (one "→" in a message's text was
                // enough to make the whole snapshot a two-byte string; issue #6).
                c => {
                    let mut units = [0u16; 2];
                    for &u in c.encode_utf16(&mut units).iter() {
                        write_escape(out, u);
                    }
                }
            }
        }
        out.push('"');
    }
}

/// `\\uXXXX` for one UTF-16 code unit.
fn write_escape(out: &mut String, unit: u16) {
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from_digit(u32::from(unit >> shift) & 15, 16).expect("a hex digit"));
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            v.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Pair {
        first_value: u32,
        name: Option<String>,
        list: Vec<i64>,
    }
    json_object!(Pair { "firstValue" => first_value, "name" => name, "list" => list });

    #[test]
    fn writes_valid_json() {
        let p = Pair { first_value: 7, name: Some("a \"b\"\n\u{1}→".to_string()), list: vec![-1, 0, i64::MAX] };
        assert_eq!(to_json(&p), "{\"firstValue\":7,\"name\":\"a \\\"b\\\"\\n\\u0001\\u2192\",\"list\":[-1,0,9223372036854775807]}");
        let none = Pair { first_value: 0, name: None, list: vec![] };
        assert_eq!(to_json(&none), "{\"firstValue\":0,\"name\":null,\"list\":[]}");
        assert_eq!(to_json(&[2.5f64, 3.0, f64::NAN][..]), "[2.5,3,null]");
    }

    #[test]
    fn writes_ascii_only() {
        assert_eq!(to_json("leader · 中 😀 \u{7f}"), "\"leader \\u00b7 \\u4e2d \\ud83d\\ude00 \u{7f}\"");
    }

    #[test]
    fn writes_every_integer_exactly() {
        assert_eq!(to_json(&[i64::MIN, -10, -1, 0, 9, 10, i64::MAX][..]), "[-9223372036854775808,-10,-1,0,9,10,9223372036854775807]");
        assert_eq!(to_json(&[0u64, 1, u64::MAX][..]), "[0,1,18446744073709551615]");
        assert_eq!(to_json(&[i16::MIN, i16::MAX][..]), "[-32768,32767]");
        assert_eq!(to_json(&[u8::MAX][..]), "[255]");
        assert_eq!(to_json(&usize::MAX), usize::MAX.to_string());
    }
}
