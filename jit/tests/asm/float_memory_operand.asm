function main (asm, 434 bytes)
    00000  jmp 0000000000000106h
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
    00023  jae 000000000000007Fh
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  mov rsi,[r14+rsi*8+8]
; line 10: and
    00037  test rdi,rsi
    0003a  jne 0000000000000074h
; line 12: fprint
    00040  movq rax,xmm2
    00045  mov rsi,rax
    00048  mov rcx,6
    00052  mov rdx,3
    0005c  mov rdi,r12
    0005f  mov rax,ADDR
    00069  call rax  ; jit_fprint
    0006b  test rdx,rdx
    0006e  jne 00000000000000FEh
; line 14: ret
    00074  mov eax,0
    0007a  mov rsp,rbp
    0007d  pop rbp
    0007e  ret
; a group's span out of bounds: find the member
    0007f  lea rcx,[rsi]
    00087  cmp rcx,8
    0008e  jae 00000000000000AEh
    00094  lea rcx,[rsi+1]
    0009c  cmp rcx,8
    000a3  jae 00000000000000D6h
    000a9  jmp 00000000000000D6h
; trap: memory access out of bounds at line 7
    000ae  mov rdi,r12
    000b1  mov rsi,1
    000bb  mov rdx,1
    000c5  mov rax,ADDR
    000cf  call rax  ; jit_trap
    000d1  jmp 00000000000000FEh
; trap: memory access out of bounds at line 9
    000d6  mov rdi,r12
    000d9  mov rsi,1
    000e3  mov rdx,3
    000ed  mov rax,ADDR
    000f7  call rax  ; jit_trap
    000f9  jmp 00000000000000FEh
; unwind to the entry from the interpreter
    000fe  mov rsp,[r15+28h]
    00105  ret
; external entry (from the interpreter)
    00106  push rbp
    00107  mov rbp,rsp
    0010a  push rbx
    0010b  push r12
    0010d  push r13
    0010f  push r14
    00111  push r15
    00113  mov r12,rdi
    00116  mov r15,ADDR
    00120  push qword ptr [r15+28h]
    00127  mov r14,ADDR
    00131  mov r13,[r15+10h]
    00138  sub r13,[r15]
    0013f  lea rax,[18Bh]
    00146  push rax
    00147  mov [r15+28h],rsp
    0014e  sub rsp,8
    00152  mov rdx,rsi
    00155  sub rsp,10h
    0015c  mov rsi,[rdx]
    00163  mov rdi,[rdx+8]
    0016a  call 8
    0016f  xor edx,edx
    00171  lea rsp,[rbp-30h]
    00178  pop rcx
    00179  mov [r15+28h],rcx
    00180  pop r15
    00182  pop r14
    00184  pop r13
    00186  pop r12
    00188  pop rbx
    00189  pop rbp
    0018a  ret
    0018b  lea rbp,[rsp+30h]
    00193  mov edx,1
    00198  lea rsp,[rbp-30h]
    0019f  pop rcx
    001a0  mov [r15+28h],rcx
    001a7  pop r15
    001a9  pop r14
    001ab  pop r13
    001ad  pop r12
    001af  pop rbx
    001b0  pop rbp
    001b1  ret

