;; Dot products of int8 rows with float32 probes, with WebAssembly SIMD, reading the codes as they are stored. Built
;; into int8-dot-wasm.ts by `npm run build:wasm`; see int8-dot-kernel.ts for how it is used.
;;
;; For each of `count` rows of `dims` int8 codes laid back to back at `codes`, with one float32 scale a row at
;; `scales`, `int8Dot` writes max(probeA · c, probeB · c) × scale (`pair` 1) or (probeA · c) × scale (`pair` 0), as float64,
;; to `out`. The sums are those of pair-dot-int8.ts and of the float32 kernels over the codes widened to float32: a
;; code converts to float64 exactly, every product and sum is in float64, one running sum per position modulo 4,
;; the four sums added left to right, and the larger sum is scaled (a scale is never negative, so that is the larger
;; of the two scaled sums). Bit for bit the same scores, without widening the codes in JavaScript first, and with a
;; quarter of the bytes to copy in. `dims` must be a multiple of 4.
;;
;; The probes are widened to float64 once a call, into `wide` (2 × dims × 8 bytes that the caller reserves). A row's
;; last codes are read 4 bytes at a time from 2 bytes on, so 2 bytes past the last row must be in memory.
(module
  (memory (export "memory") 1)
  ;; a0 + a1 + a2 + a3, added left to right as JavaScript adds them.
  (func $sum (param $s01 v128) (param $s23 v128) (result f64)
    (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $s01)) (f64x2.extract_lane 1 (local.get $s01)))
                      (f64x2.extract_lane 0 (local.get $s23)))
             (f64x2.extract_lane 1 (local.get $s23))))

  ;; Widens `dims` float32 values at $from to float64 at $to (exactly).
  (func $widen (param $from i32) (param $to i32) (param $dims i32)
    (local $i i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $dims)))
        (f64.store (i32.add (local.get $to) (i32.shl (local.get $i) (i32.const 3)))
          (f64.promote_f32 (f32.load (i32.add (local.get $from) (i32.shl (local.get $i) (i32.const 2))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  (func $pairDot8 (param $codes i32) (param $scales i32) (param $count i32) (param $dims i32)
    (param $probeA i32) (param $probeB i32) (param $wide i32) (param $out i32)
    (local $k i32) (local $row i32) (local $i i32) (local $w i32) (local $wb i32)
    (local $a01 v128) (local $a23 v128) (local $b01 v128) (local $b23 v128) (local $x01 v128) (local $x23 v128)
    (local.set $wb (i32.add (local.get $wide) (i32.shl (local.get $dims) (i32.const 3))))
    (call $widen (local.get $probeA) (local.get $wide) (local.get $dims))
    (call $widen (local.get $probeB) (local.get $wb) (local.get $dims))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a01 (v128.const f64x2 0 0))
        (local.set $a23 (v128.const f64x2 0 0))
        (local.set $b01 (v128.const f64x2 0 0))
        (local.set $b23 (v128.const f64x2 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $x01 (f64x2.convert_low_i32x4_s (i32x4.extend_low_i16x8_s (i16x8.extend_low_i8x16_s (v128.load32_zero (i32.add (local.get $row) (local.get $i)))))))
            (local.set $x23 (f64x2.convert_low_i32x4_s (i32x4.extend_low_i16x8_s (i16x8.extend_low_i8x16_s (v128.load32_zero offset=2 (i32.add (local.get $row) (local.get $i)))))))
            (local.set $w (i32.shl (local.get $i) (i32.const 3)))
            (local.set $a01 (f64x2.add (local.get $a01)
              (f64x2.mul (v128.load (i32.add (local.get $wide) (local.get $w))) (local.get $x01))))
            (local.set $a23 (f64x2.add (local.get $a23)
              (f64x2.mul (v128.load offset=16 (i32.add (local.get $wide) (local.get $w))) (local.get $x23))))
            (local.set $b01 (f64x2.add (local.get $b01)
              (f64x2.mul (v128.load (i32.add (local.get $wb) (local.get $w))) (local.get $x01))))
            (local.set $b23 (f64x2.add (local.get $b23)
              (f64x2.mul (v128.load offset=16 (i32.add (local.get $wb) (local.get $w))) (local.get $x23))))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $cols)))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))
          (f64.mul
            (f64.max (call $sum (local.get $a01) (local.get $a23)) (call $sum (local.get $b01) (local.get $b23)))
            (f64.promote_f32 (f32.load (i32.add (local.get $scales) (i32.shl (local.get $k) (i32.const 2)))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))

  (func $dot8 (param $codes i32) (param $scales i32) (param $count i32) (param $dims i32)
    (param $probe i32) (param $wide i32) (param $out i32)
    (local $k i32) (local $row i32) (local $i i32) (local $w i32)
    (local $a01 v128) (local $a23 v128)
    (call $widen (local.get $probe) (local.get $wide) (local.get $dims))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a01 (v128.const f64x2 0 0))
        (local.set $a23 (v128.const f64x2 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $w (i32.shl (local.get $i) (i32.const 3)))
            (local.set $a01 (f64x2.add (local.get $a01)
              (f64x2.mul (v128.load (i32.add (local.get $wide) (local.get $w))) (f64x2.convert_low_i32x4_s (i32x4.extend_low_i16x8_s (i16x8.extend_low_i8x16_s (v128.load32_zero (i32.add (local.get $row) (local.get $i)))))))))
            (local.set $a23 (f64x2.add (local.get $a23)
              (f64x2.mul (v128.load offset=16 (i32.add (local.get $wide) (local.get $w))) (f64x2.convert_low_i32x4_s (i32x4.extend_low_i16x8_s (i16x8.extend_low_i8x16_s (v128.load32_zero offset=2 (i32.add (local.get $row) (local.get $i)))))))))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $cols)))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))
          (f64.mul (call $sum (local.get $a01) (local.get $a23))
            (f64.promote_f32 (f32.load (i32.add (local.get $scales) (i32.shl (local.get $k) (i32.const 2)))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))

  ;; The one export: `pair` 1 scores against both probes (pairDot8), 0 against probeA alone (dot8).
  (func (export "int8Dot") (param $codes i32) (param $scales i32) (param $count i32) (param $dims i32)
    (param $probeA i32) (param $probeB i32) (param $wide i32) (param $out i32) (param $pair i32)
    (if (local.get $pair)
      (then (call $pairDot8 (local.get $codes) (local.get $scales) (local.get $count) (local.get $dims)
        (local.get $probeA) (local.get $probeB) (local.get $wide) (local.get $out)))
      (else (call $dot8 (local.get $codes) (local.get $scales) (local.get $count) (local.get $dims)
        (local.get $probeA) (local.get $wide) (local.get $out)))))
)
