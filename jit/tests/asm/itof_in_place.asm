function main (asm, 168 bytes)
    00000  jmp 000000000000007Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  mov rdi,rsi
    0000f  mov esi,0
    00015  xorps xmm2,xmm2
    00019  jmp 0000000000000020h
    0001e  xchg ax,ax
; line 8: itof
    00020  xorps xmm3,xmm3
    00024  cvtsi2sd xmm3,rsi
; line 9: fadd
    00029  vaddsd xmm2,xmm2,xmm3
; line 10: add
    0002e  add rsi,1
; line 11: jlt
    00032  cmp rsi,rdi
    00035  jl 0000000000000020h
; line 12: fprint
    00037  movq rax,xmm2
    0003c  mov rsi,rax
    0003f  mov ecx,6
    00044  mov edx,1
    00049  mov rdi,[r15+30h]
    0004d  mov rax,ADDR
    00057  push r10
    00059  push r11
    0005b  call rax  ; jit_fprint
    0005d  pop r11
    0005f  pop r10
    00061  test rdx,rdx
    00064  jne 0000000000000075h
; line 13: ret
    0006a  mov eax,0
    00070  mov rsp,rbp
    00073  pop rbp
    00074  ret
; unwind to the entry from the interpreter
    00075  mov rsp,[r15+28h]
    00079  ret
; external entry (from the interpreter)
    0007a  mov rax,ADDR
    00084  mov rcx,8
    0008e  lea r11,[8]
    00095  jmp qword ptr [0A0h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000a0  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

