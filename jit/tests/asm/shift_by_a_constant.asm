function main (asm, 263 bytes)
    00000  jmp 000000000000005Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: shr
    00013  sar rsi,1
; line 5: print
    00017  mov rax,rsi
    0001a  mov rsi,rax
    0001d  mov rcx,1
    00027  mov rdi,[r15+30h]
    0002e  mov rax,ADDR
    00038  push r10
    0003a  push r11
    0003c  call rax  ; jit_print
    0003e  pop r11
    00040  pop r10
    00042  test rdx,rdx
    00045  jne 0000000000000056h
; line 6: ret
    0004b  mov eax,0
    00051  mov rsp,rbp
    00054  pop rbp
    00055  ret
; unwind to the entry from the interpreter
    00056  mov rsp,[r15+28h]
    0005d  ret
; external entry (from the interpreter)
    0005e  push rbp
    0005f  mov rbp,rsp
    00062  push rbx
    00063  push r12
    00065  push r13
    00067  push r14
    00069  push r15
    0006b  mov r15,ADDR
    00075  mov [r15+30h],rdi
    0007c  push qword ptr [r15+28h]
    00083  mov r14,8
    0008d  mov r13,[r15+10h]
    00094  sub r13,[r15]
    0009b  lea rax,[0E0h]
    000a2  push rax
    000a3  mov [r15+28h],rsp
    000aa  sub rsp,8
    000ae  mov rdx,rsi
    000b1  sub rsp,10h
    000b8  mov rsi,[rdx]
    000bf  call 8
    000c4  xor edx,edx
    000c6  lea rsp,[rbp-30h]
    000cd  pop rcx
    000ce  mov [r15+28h],rcx
    000d5  pop r15
    000d7  pop r14
    000d9  pop r13
    000db  pop r12
    000dd  pop rbx
    000de  pop rbp
    000df  ret
    000e0  lea rbp,[rsp+30h]
    000e8  mov edx,1
    000ed  lea rsp,[rbp-30h]
    000f4  pop rcx
    000f5  mov [r15+28h],rcx
    000fc  pop r15
    000fe  pop r14
    00100  pop r13
    00102  pop r12
    00104  pop rbx
    00105  pop rbp
    00106  ret

