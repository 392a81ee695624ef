function main (asm, 442 bytes)
    00000  jmp 000000000000010Eh
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
    00023  jae 0000000000000087h
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  mov rsi,[r14+rsi*8+8]
; line 10: and
    00037  test rdi,rsi
    0003a  jne 000000000000007Ch
; line 12: fprint
    00040  movq rax,xmm2
    00045  mov rsi,rax
    00048  mov rcx,6
    00052  mov rdx,3
    0005c  mov rdi,r12
    0005f  mov rax,ADDR
    00069  push r10
    0006b  push r11
    0006d  call rax  ; jit_fprint
    0006f  pop r11
    00071  pop r10
    00073  test rdx,rdx
    00076  jne 0000000000000106h
; line 14: ret
    0007c  mov eax,0
    00082  mov rsp,rbp
    00085  pop rbp
    00086  ret
; a group's span out of bounds: find the member
    00087  lea rcx,[rsi]
    0008f  cmp rcx,8
    00096  jae 00000000000000B6h
    0009c  lea rcx,[rsi+1]
    000a4  cmp rcx,8
    000ab  jae 00000000000000DEh
    000b1  jmp 00000000000000DEh
; trap: memory access out of bounds at line 7
    000b6  mov rdi,r12
    000b9  mov rsi,1
    000c3  mov rdx,1
    000cd  mov rax,ADDR
    000d7  call rax  ; jit_trap
    000d9  jmp 0000000000000106h
; trap: memory access out of bounds at line 9
    000de  mov rdi,r12
    000e1  mov rsi,1
    000eb  mov rdx,3
    000f5  mov rax,ADDR
    000ff  call rax  ; jit_trap
    00101  jmp 0000000000000106h
; unwind to the entry from the interpreter
    00106  mov rsp,[r15+28h]
    0010d  ret
; external entry (from the interpreter)
    0010e  push rbp
    0010f  mov rbp,rsp
    00112  push rbx
    00113  push r12
    00115  push r13
    00117  push r14
    00119  push r15
    0011b  mov r12,rdi
    0011e  mov r15,ADDR
    00128  push qword ptr [r15+28h]
    0012f  mov r14,ADDR
    00139  mov r13,[r15+10h]
    00140  sub r13,[r15]
    00147  lea rax,[193h]
    0014e  push rax
    0014f  mov [r15+28h],rsp
    00156  sub rsp,8
    0015a  mov rdx,rsi
    0015d  sub rsp,10h
    00164  mov rsi,[rdx]
    0016b  mov rdi,[rdx+8]
    00172  call 8
    00177  xor edx,edx
    00179  lea rsp,[rbp-30h]
    00180  pop rcx
    00181  mov [r15+28h],rcx
    00188  pop r15
    0018a  pop r14
    0018c  pop r13
    0018e  pop r12
    00190  pop rbx
    00191  pop rbp
    00192  ret
    00193  lea rbp,[rsp+30h]
    0019b  mov edx,1
    001a0  lea rsp,[rbp-30h]
    001a7  pop rcx
    001a8  mov [r15+28h],rcx
    001af  pop r15
    001b1  pop r14
    001b3  pop r13
    001b5  pop r12
    001b7  pop rbx
    001b8  pop rbp
    001b9  ret

