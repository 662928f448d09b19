;; Integer dot products of int8 rows with two int16 probes, with WebAssembly SIMD: the cheap first pass of the related
;; scan (int8-prefilter.ts). Built into int8-bound-wasm.ts by `npm run build:wasm`.
;;
;; For each of `count` rows of `dims` int8 codes laid back to back at `codes`, `int8Bound` writes two int32 values to
;; `out` (8 bytes a row): probeA · c and probeB · c. Integer arithmetic is exact, so what is approximate is only the
;; probes' rounding to int16, which the caller bounds. `dims` must be a multiple of 16, and the caller keeps |probe|
;; small enough that dims × 127 × max|probe| fits in an int32.
(module
  (memory (export "memory") 1)
  (func $hsum (param $v v128) (result i32)
    (i32.add (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
             (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  (func (export "int8Bound") (param $codes i32) (param $count i32) (param $dims i32)
    (param $probeA i32) (param $probeB i32) (param $out i32)
    (local $k i32) (local $row i32) (local $i i32) (local $p i32) (local $o i32)
    (local $v v128) (local $lo v128) (local $hi v128) (local $a v128) (local $b v128)
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $codes) (i32.mul (local.get $k) (local.get $dims))))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $i) (local.get $dims)))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $lo (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $hi (i16x8.extend_high_i8x16_s (local.get $v)))
            ;; Probe values are int16, 2 bytes each.
            (local.set $p (i32.shl (local.get $i) (i32.const 1)))
            (local.set $a (i32x4.add (local.get $a)
              (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $probeA) (local.get $p))))
                         (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $probeA) (local.get $p)))))))
            (local.set $b (i32x4.add (local.get $b)
              (i32x4.add (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $probeB) (local.get $p))))
                         (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $probeB) (local.get $p)))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $cols)))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $k) (i32.const 8))))
        (i32.store (local.get $o) (call $hsum (local.get $a)))
        (i32.store offset=4 (local.get $o) (call $hsum (local.get $b)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))
)
