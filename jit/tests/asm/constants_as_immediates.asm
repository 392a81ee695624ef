function main (asm, 260 bytes)
    00000  jmp 000000000000005Fh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: add
    00013  add rsi,5
; line 6: add
    00017  mov rcx,123456789h
    00021  add rsi,rcx
; line 7: print
    00024  mov rax,rsi
    00027  mov rsi,rax
    0002a  mov rcx,2
    00034  mov rdi,r12
    00037  mov rax,ADDR
    00041  call rax  ; jit_print
    00043  test rdx,rdx
    00046  jne 0000000000000057h
; line 8: ret
    0004c  mov eax,0
    00052  mov rsp,rbp
    00055  pop rbp
    00056  ret
; unwind to the entry from the interpreter
    00057  mov rsp,[r15+28h]
    0005e  ret
; external entry (from the interpreter)
    0005f  push rbp
    00060  mov rbp,rsp
    00063  push rbx
    00064  push r12
    00066  push r13
    00068  push r14
    0006a  push r15
    0006c  mov r12,rdi
    0006f  mov r15,ADDR
    00079  push qword ptr [r15+28h]
    00080  mov r14,8
    0008a  mov r13,[r15+10h]
    00091  sub r13,[r15]
    00098  lea rax,[0DDh]
    0009f  push rax
    000a0  mov [r15+28h],rsp
    000a7  sub rsp,8
    000ab  mov rdx,rsi
    000ae  sub rsp,10h
    000b5  mov rsi,[rdx]
    000bc  call 8
    000c1  xor edx,edx
    000c3  lea rsp,[rbp-30h]
    000ca  pop rcx
    000cb  mov [r15+28h],rcx
    000d2  pop r15
    000d4  pop r14
    000d6  pop r13
    000d8  pop r12
    000da  pop rbx
    000db  pop rbp
    000dc  ret
    000dd  lea rbp,[rsp+30h]
    000e5  mov edx,1
    000ea  lea rsp,[rbp-30h]
    000f1  pop rcx
    000f2  mov [r15+28h],rcx
    000f9  pop r15
    000fb  pop r14
    000fd  pop r13
    000ff  pop r12
    00101  pop rbx
    00102  pop rbp
    00103  ret

