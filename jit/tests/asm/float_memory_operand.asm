function main (asm, 458 bytes)
    00000  jmp 000000000000011Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: itof
    00013  xorps xmm2,xmm2
    00017  cvtsi2sd xmm2,rdi
; line 7: load
    0001c  cmp rsi,7
    00023  jae 000000000000008Bh
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  mov rsi,[r14+rsi*8+8]
; line 10: and
    00037  test rdi,rsi
    0003a  jne 0000000000000080h
; line 12: fprint
    00040  movq rax,xmm2
    00045  mov rsi,rax
    00048  mov rcx,6
    00052  mov rdx,3
    0005c  mov rdi,[r15+30h]
    00063  mov rax,ADDR
    0006d  push r10
    0006f  push r11
    00071  call rax  ; jit_fprint
    00073  pop r11
    00075  pop r10
    00077  test rdx,rdx
    0007a  jne 0000000000000112h
; line 14: ret
    00080  mov eax,0
    00086  mov rsp,rbp
    00089  pop rbp
    0008a  ret
; a group's span out of bounds: find the member
    0008b  lea rcx,[rsi]
    00093  cmp rcx,8
    0009a  jae 00000000000000BAh
    000a0  lea rcx,[rsi+1]
    000a8  cmp rcx,8
    000af  jae 00000000000000E6h
    000b5  jmp 00000000000000E6h
; trap: memory access out of bounds at line 7
    000ba  mov rdi,[r15+30h]
    000c1  mov rsi,1
    000cb  mov rdx,1
    000d5  mov rax,ADDR
    000df  call rax  ; jit_trap
    000e1  jmp 0000000000000112h
; trap: memory access out of bounds at line 9
    000e6  mov rdi,[r15+30h]
    000ed  mov rsi,1
    000f7  mov rdx,3
    00101  mov rax,ADDR
    0010b  call rax  ; jit_trap
    0010d  jmp 0000000000000112h
; unwind to the entry from the interpreter
    00112  mov rsp,[r15+28h]
    00119  ret
; external entry (from the interpreter)
    0011a  push rbp
    0011b  mov rbp,rsp
    0011e  push rbx
    0011f  push r12
    00121  push r13
    00123  push r14
    00125  push r15
    00127  mov r15,ADDR
    00131  mov [r15+30h],rdi
    00138  push qword ptr [r15+28h]
    0013f  mov r14,ADDR
    00149  mov r13,[r15+10h]
    00150  sub r13,[r15]
    00157  lea rax,[1A3h]
    0015e  push rax
    0015f  mov [r15+28h],rsp
    00166  sub rsp,8
    0016a  mov rdx,rsi
    0016d  sub rsp,10h
    00174  mov rsi,[rdx]
    0017b  mov rdi,[rdx+8]
    00182  call 8
    00187  xor edx,edx
    00189  lea rsp,[rbp-30h]
    00190  pop rcx
    00191  mov [r15+28h],rcx
    00198  pop r15
    0019a  pop r14
    0019c  pop r13
    0019e  pop r12
    001a0  pop rbx
    001a1  pop rbp
    001a2  ret
    001a3  lea rbp,[rsp+30h]
    001ab  mov edx,1
    001b0  lea rsp,[rbp-30h]
    001b7  pop rcx
    001b8  mov [r15+28h],rcx
    001bf  pop r15
    001c1  pop r14
    001c3  pop r13
    001c5  pop r12
    001c7  pop rbx
    001c8  pop rbp
    001c9  ret

