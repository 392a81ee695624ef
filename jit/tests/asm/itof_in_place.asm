function main (asm, 200 bytes)
    00000  jmp 000000000000009Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
    0001c  xorps xmm2,xmm2
    00020  jmp 0000000000000040h
    00025  nop [rax+rax]
    0002e  nop [rax+rax]
    00037  nop [rax+rax]
; line 8: itof
    00040  xorps xmm3,xmm3
    00044  cvtsi2sd xmm3,rsi
; line 9: fadd
    00049  vaddsd xmm2,xmm2,xmm3
; line 10: add
    0004e  add rsi,1
; line 11: jlt
    00052  cmp rsi,rdi
    00055  jl 0000000000000040h
; line 12: fprint
    00057  movq rax,xmm2
    0005c  mov rsi,rax
    0005f  mov ecx,6
    00064  mov edx,1
    00069  mov rdi,[r15+30h]
    0006d  mov rax,ADDR
    00077  push r10
    00079  push r11
    0007b  call rax  ; jit_fprint
    0007d  pop r11
    0007f  pop r10
    00081  test rdx,rdx
    00084  jne 0000000000000095h
; line 13: ret
    0008a  mov eax,0
    00090  mov rsp,rbp
    00093  pop rbp
    00094  ret
; unwind to the entry from the interpreter
    00095  mov rsp,[r15+28h]
    00099  ret
; external entry (from the interpreter)
    0009a  mov rax,ADDR
    000a4  mov rcx,8
    000ae  lea r11,[8]
    000b5  jmp qword ptr [0C0h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000c0  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

