;; Two dot products per stored vector in one pass, with WebAssembly SIMD. Built into pair-dot-wasm.ts by
;; `npm run build:wasm`; see pair-dot-kernel.ts for how it is used.
;;
;; For each of `count` vectors of `dims` float32 values laid out back to back at `vecs`, it writes
;; max(probeA · v, probeB · v) as a float64 to `out`. The sums are computed exactly as the JavaScript loop in
;; pair-dot-js.ts computes them: every product and sum in float64, one running sum per position modulo 4, and the four
;; sums added left to right. So the scores are bit for bit the same, only sooner. `dims` must be a multiple of 4.
(module
  (memory (export "memory") 1)
  (func (export "pairDot") (param $vecs i32) (param $count i32) (param $dims i32) (param $probeA i32) (param $probeB i32) (param $out i32)
    (local $k i32) (local $at i32) (local $row i32) (local $rowBytes i32)
    (local $a01 v128) (local $a23 v128) (local $b01 v128) (local $b23 v128)
    (local $x v128) (local $x23 v128) (local $pa v128) (local $pb v128)
    (local.set $rowBytes (i32.shl (local.get $dims) (i32.const 2)))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $vecs) (i32.mul (local.get $k) (local.get $rowBytes))))
        (local.set $a01 (v128.const f64x2 0 0))
        (local.set $a23 (v128.const f64x2 0 0))
        (local.set $b01 (v128.const f64x2 0 0))
        (local.set $b23 (v128.const f64x2 0 0))
        (local.set $at (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $at) (local.get $rowBytes)))
            (local.set $x (v128.load (i32.add (local.get $row) (local.get $at))))
            ;; The upper two float32 lanes moved down, so that promote_low widens them.
            (local.set $x23 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x)))
            (local.set $pa (v128.load (i32.add (local.get $probeA) (local.get $at))))
            (local.set $pb (v128.load (i32.add (local.get $probeB) (local.get $at))))
            (local.set $a01 (f64x2.add (local.get $a01)
              (f64x2.mul (f64x2.promote_low_f32x4 (local.get $pa)) (f64x2.promote_low_f32x4 (local.get $x)))))
            (local.set $a23 (f64x2.add (local.get $a23)
              (f64x2.mul (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $pa) (local.get $pa))) (f64x2.promote_low_f32x4 (local.get $x23)))))
            (local.set $b01 (f64x2.add (local.get $b01)
              (f64x2.mul (f64x2.promote_low_f32x4 (local.get $pb)) (f64x2.promote_low_f32x4 (local.get $x)))))
            (local.set $b23 (f64x2.add (local.get $b23)
              (f64x2.mul (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $pb) (local.get $pb))) (f64x2.promote_low_f32x4 (local.get $x23)))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $cols)))
        (f64.store
          (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))
          (f64.max
            (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $a01)) (f64x2.extract_lane 1 (local.get $a01)))
                              (f64x2.extract_lane 0 (local.get $a23)))
                     (f64x2.extract_lane 1 (local.get $a23)))
            (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $b01)) (f64x2.extract_lane 1 (local.get $b01)))
                              (f64x2.extract_lane 0 (local.get $b23)))
                     (f64x2.extract_lane 1 (local.get $b23)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))
)
