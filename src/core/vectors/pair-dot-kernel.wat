;; Two dot products per stored vector in one pass, with WebAssembly SIMD. Built into pair-dot-wasm.ts by
;; `npm run build:wasm`; see pair-dot-kernel.ts for how it is used.
;;
;; For each of `count` vectors of `dims` float32 values laid out back to back at `vecs`, it writes
;; max(probeA · v, probeB · v) as a float64 to `out`. The sums are computed exactly as the JavaScript loop in
;; pair-dot-js.ts computes them: every product and sum in float64, one running sum per position modulo 4, and the four
;; sums added left to right. So the scores are bit for bit the same, only sooner. `dims` must be a multiple of 4.
;;
;; The probes are widened to float64 once a call, into `scratch` (4 × dims floats' worth of bytes past the rows, which
;; the caller reserves), and two vectors are scored per pass over the probes: each probe load then serves two rows,
;; and eight independent running sums keep the adds from waiting on each other. Neither changes any sum's order.
(module
  (memory (export "memory") 1)
  ;; Running sums of rows $r0 and $r1 against the widened probes at $wa and $wb; writes both scores.
  (func $two (param $r0 i32) (param $r1 i32) (param $rowBytes i32) (param $wa i32) (param $wb i32) (param $o0 i32)
    (local $at i32) (local $w i32)
    (local $a01 v128) (local $a23 v128) (local $b01 v128) (local $b23 v128)
    (local $c01 v128) (local $c23 v128) (local $d01 v128) (local $d23 v128)
    (local $x v128) (local $x01 v128) (local $x23 v128) (local $y v128) (local $y01 v128) (local $y23 v128)
    (local $pa01 v128) (local $pa23 v128) (local $pb01 v128) (local $pb23 v128)
    (block $done
      (loop $cols
        (br_if $done (i32.ge_u (local.get $at) (local.get $rowBytes)))
        (local.set $w (i32.shl (local.get $at) (i32.const 1)))
        (local.set $pa01 (v128.load (i32.add (local.get $wa) (local.get $w))))
        (local.set $pa23 (v128.load offset=16 (i32.add (local.get $wa) (local.get $w))))
        (local.set $pb01 (v128.load (i32.add (local.get $wb) (local.get $w))))
        (local.set $pb23 (v128.load offset=16 (i32.add (local.get $wb) (local.get $w))))
        (local.set $x (v128.load (i32.add (local.get $r0) (local.get $at))))
        (local.set $y (v128.load (i32.add (local.get $r1) (local.get $at))))
        (local.set $x01 (f64x2.promote_low_f32x4 (local.get $x)))
        (local.set $x23 (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x))))
        (local.set $y01 (f64x2.promote_low_f32x4 (local.get $y)))
        (local.set $y23 (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $y) (local.get $y))))
        (local.set $a01 (f64x2.add (local.get $a01) (f64x2.mul (local.get $pa01) (local.get $x01))))
        (local.set $a23 (f64x2.add (local.get $a23) (f64x2.mul (local.get $pa23) (local.get $x23))))
        (local.set $b01 (f64x2.add (local.get $b01) (f64x2.mul (local.get $pb01) (local.get $x01))))
        (local.set $b23 (f64x2.add (local.get $b23) (f64x2.mul (local.get $pb23) (local.get $x23))))
        (local.set $c01 (f64x2.add (local.get $c01) (f64x2.mul (local.get $pa01) (local.get $y01))))
        (local.set $c23 (f64x2.add (local.get $c23) (f64x2.mul (local.get $pa23) (local.get $y23))))
        (local.set $d01 (f64x2.add (local.get $d01) (f64x2.mul (local.get $pb01) (local.get $y01))))
        (local.set $d23 (f64x2.add (local.get $d23) (f64x2.mul (local.get $pb23) (local.get $y23))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $cols)))
    (f64.store (local.get $o0) (call $best (local.get $a01) (local.get $a23) (local.get $b01) (local.get $b23)))
    (f64.store offset=8 (local.get $o0) (call $best (local.get $c01) (local.get $c23) (local.get $d01) (local.get $d23))))

  ;; The same for one row.
  (func $one (param $r0 i32) (param $rowBytes i32) (param $wa i32) (param $wb i32) (param $o0 i32)
    (local $at i32) (local $w i32)
    (local $a01 v128) (local $a23 v128) (local $b01 v128) (local $b23 v128)
    (local $x v128) (local $x01 v128) (local $x23 v128)
    (block $done
      (loop $cols
        (br_if $done (i32.ge_u (local.get $at) (local.get $rowBytes)))
        (local.set $w (i32.shl (local.get $at) (i32.const 1)))
        (local.set $x (v128.load (i32.add (local.get $r0) (local.get $at))))
        (local.set $x01 (f64x2.promote_low_f32x4 (local.get $x)))
        (local.set $x23 (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x))))
        (local.set $a01 (f64x2.add (local.get $a01) (f64x2.mul (v128.load (i32.add (local.get $wa) (local.get $w))) (local.get $x01))))
        (local.set $a23 (f64x2.add (local.get $a23) (f64x2.mul (v128.load offset=16 (i32.add (local.get $wa) (local.get $w))) (local.get $x23))))
        (local.set $b01 (f64x2.add (local.get $b01) (f64x2.mul (v128.load (i32.add (local.get $wb) (local.get $w))) (local.get $x01))))
        (local.set $b23 (f64x2.add (local.get $b23) (f64x2.mul (v128.load offset=16 (i32.add (local.get $wb) (local.get $w))) (local.get $x23))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $cols)))
    (f64.store (local.get $o0) (call $best (local.get $a01) (local.get $a23) (local.get $b01) (local.get $b23))))

  ;; max(a0 + a1 + a2 + a3, b0 + b1 + b2 + b3), each added left to right as JavaScript adds them.
  (func $best (param $a01 v128) (param $a23 v128) (param $b01 v128) (param $b23 v128) (result f64)
    (f64.max
      (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $a01)) (f64x2.extract_lane 1 (local.get $a01)))
                        (f64x2.extract_lane 0 (local.get $a23)))
               (f64x2.extract_lane 1 (local.get $a23)))
      (f64.add (f64.add (f64.add (f64x2.extract_lane 0 (local.get $b01)) (f64x2.extract_lane 1 (local.get $b01)))
                        (f64x2.extract_lane 0 (local.get $b23)))
               (f64x2.extract_lane 1 (local.get $b23)))))

  ;; Widens `dims` float32 values at $from to float64 at $to (exactly: every float32 is a float64).
  (func $widen (param $from i32) (param $to i32) (param $dims i32)
    (local $i i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $dims)))
        (f64.store (i32.add (local.get $to) (i32.shl (local.get $i) (i32.const 3)))
          (f64.promote_f32 (f32.load (i32.add (local.get $from) (i32.shl (local.get $i) (i32.const 2))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  (func (export "pairDot") (param $vecs i32) (param $count i32) (param $dims i32) (param $probeA i32) (param $probeB i32) (param $out i32)
    (local $k i32) (local $rowBytes i32) (local $wa i32) (local $wb i32)
    (local.set $rowBytes (i32.shl (local.get $dims) (i32.const 2)))
    (local.set $wa (i32.add (local.get $vecs) (i32.mul (local.get $count) (local.get $rowBytes))))
    (local.set $wb (i32.add (local.get $wa) (i32.shl (local.get $dims) (i32.const 3))))
    (call $widen (local.get $probeA) (local.get $wa) (local.get $dims))
    (call $widen (local.get $probeB) (local.get $wb) (local.get $dims))
    (block $pairs_done
      (loop $pairs
        (br_if $pairs_done (i32.gt_u (i32.add (local.get $k) (i32.const 2)) (local.get $count)))
        (call $two
          (i32.add (local.get $vecs) (i32.mul (local.get $k) (local.get $rowBytes)))
          (i32.add (local.get $vecs) (i32.mul (i32.add (local.get $k) (i32.const 1)) (local.get $rowBytes)))
          (local.get $rowBytes) (local.get $wa) (local.get $wb)
          (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3))))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $pairs)))
    (if (i32.lt_u (local.get $k) (local.get $count))
      (then
        (call $one
          (i32.add (local.get $vecs) (i32.mul (local.get $k) (local.get $rowBytes)))
          (local.get $rowBytes) (local.get $wa) (local.get $wb)
          (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))))))
)
